import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

/**
 * `/flows/`: the flow book `npm run flows` writes (dist/flows/ beside the app's build), for product
 * owners reviewing the charts. Development only, like the other dev pages: it shows every state of
 * every flow, test data included. Read from disk at each request, so a book written while the
 * server runs is served as it is; before one exists the page says how to make it.
 */
export function registerFlowBook(app: FastifyInstance, deps: { dir: string }) {
  const root = path.resolve(deps.dir);
  app.get('/flows', (_request, reply) => reply.redirect('/flows/'));
  app.get('/flows/*', async (request, reply) => {
    const wanted = (request.params as { '*': string })['*'] || 'index.html';
    const file = path.resolve(root, wanted);
    if (file !== root && !file.startsWith(`${root}${path.sep}`)) return reply.code(404).type('text/plain').send('Not found');
    const type = TYPES[path.extname(file)];
    let body: Buffer;
    try {
      body = await fs.promises.readFile(file);
    } catch {
      if (wanted === 'index.html') {
        return reply.code(404).type('text/html; charset=utf-8').header('cache-control', 'no-store')
          .send('<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Flow book</title></head><body style="font-family:system-ui,sans-serif;margin:16px"><h1>Flow book</h1><p>Not built yet: run <code>npm run flows</code> (or <code>npm run build</code>) and reload.</p></body></html>');
      }
      return reply.code(404).type('text/plain').send('Not found');
    }
    if (!type) return reply.code(404).type('text/plain').send('Not found');
    return reply.type(type).header('cache-control', 'no-cache').header('x-content-type-options', 'nosniff').send(body);
  });
}
