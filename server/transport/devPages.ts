import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/index.ts';
import { escapeHtml } from './html.ts';
import { ownPageDirectives, serializePolicy } from '../securityHeaders.ts';

const OUTBOX_STYLE = 'body{font-family:system-ui,sans-serif;margin:16px;color:#1c1f23}ul{list-style:none;padding:0}li{border-bottom:1px solid #ddd;padding:8px 0}.meta{color:#5b6470;font-size:13px;margin:0}.body{margin:4px 0 0;font-size:16px}';
/** The outbox runs no script: its style element by hash. */
const OUTBOX_POLICY = serializePolicy(ownPageDirectives([OUTBOX_STYLE]));

/**
 * Development-only pages: `/dev/outbox`, the last messages the system sent (a developer or a test
 * reads an SMS code there), and `/dev/captcha/:id`, what a captcha image says.
 * Registered only outside production mode.
 */
export function registerDevPages(app: FastifyInstance, deps: { db: Database }) {
  /** What a captcha image says, so automated browser tests can get past it in development. */
  app.get('/dev/captcha/:id', async (request, reply) => {
    const id = (request.params as { id: string }).id;
    // `latest`: the newest image shown to the caller's own address
    const { rows } = id === 'latest'
      ? await deps.db.query<{ answer: string }>('SELECT answer FROM captchas WHERE client_ip = $1 ORDER BY created_at DESC LIMIT 1', [request.ip])
      : await deps.db.query<{ answer: string }>('SELECT answer FROM captchas WHERE id::text = $1', [id]);
    return rows[0] ? reply.send({ answer: rows[0].answer }) : reply.code(404).send({ answer: null });
  });

  app.get('/dev/outbox', async (request, reply) => {
    const to = String((request.query as { to?: string }).to ?? '').trim();
    const { rows } = await deps.db.query<{ id: string; channel: string; destination: string; body: string; created_at: Date }>(
      `SELECT id, channel, destination, body, created_at FROM outbox_messages
        WHERE $1 = '' OR destination = $1 OR destination = '+244' || $1 ORDER BY id DESC LIMIT 50`,
      [to],
    );
    if ((request.headers.accept ?? '').includes('application/json')) return reply.send({ messages: rows });
    const items = rows
      .map((m) => `<li><p class="meta">${escapeHtml(m.channel)} → <b>${escapeHtml(m.destination)}</b> · ${escapeHtml(new Date(m.created_at).toISOString())}</p><p class="body">${escapeHtml(m.body)}</p></li>`)
      .join('');
    return reply.type('text/html').header('cache-control', 'no-store').header('content-security-policy', OUTBOX_POLICY).send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Outbox (development)</title>
<style>${OUTBOX_STYLE}</style></head>
<body><h1>Outbox (development only)</h1><p>SMS and e-mail the server sent, newest first. Filter: <code>?to=923000001</code></p><ul>${items || '<li>No messages yet.</li>'}</ul></body></html>`);
  });
}
