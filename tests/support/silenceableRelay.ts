import net from 'node:net';

/** A TCP relay to PostgreSQL that can go silent: it stops passing bytes both ways without closing anything. */
export async function silenceableRelay(target: URL) {
  let silent = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    sockets.add(client).add(upstream);
    client.on('data', (chunk) => { if (!silent) upstream.write(chunk); });
    upstream.on('data', (chunk) => { if (!silent) client.write(chunk); });
    const close = () => { client.destroy(); upstream.destroy(); };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    goSilent: () => (silent = true),
    close: () => new Promise<void>((resolve) => { for (const socket of sockets) socket.destroy(); server.close(() => resolve()); }),
  };
}
