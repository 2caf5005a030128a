import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/index.ts';

/** 1×1 transparent GIF answered to the page-view beacon. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const cap = (value: unknown, max = 512) => (value == null || value === '' ? null : String(value).slice(0, max));
const int = (value: unknown) => {
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 && n < 2 ** 31 ? Math.round(n) : null;
};

/** The behaviour tracker of spec §7: GET image beacon for page views, JSON POST for clicks. */
export function registerTracker(app: FastifyInstance, deps: { db: Database }) {
  app.get('/track/pv.gif', async (request, reply) => {
    const q = request.query as Record<string, unknown>;
    await deps.db.query(
      `INSERT INTO tracker_page_views (page_type, duration_ms, resolution, referrer, title, fingerprint, page_id, previous_page_id, session_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [cap(q.pageType, 64), int(q.duration), cap(q.resolution, 32), cap(q.referrer), cap(q.title, 200), cap(q.fingerprint, 128), cap(q.pageId, 64), cap(q.prevPageId, 64), cap(q.sessionId, 64)],
    );
    return reply.header('cache-control', 'no-store').type('image/gif').send(PIXEL);
  });

  app.post('/track/click', async (request, reply) => {
    const b = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
    const fingerprint = request.headers['finger-print'] ?? b.fingerprint;
    await deps.db.query(
      `INSERT INTO tracker_clicks (element_type, element_key, title, fingerprint, page_id, previous_page_id, session_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [cap(b.elementType, 64), cap(b.key, 128), cap(b.title, 200), cap(fingerprint, 128), cap(b.pageId, 64), cap(b.prevPageId, 64), cap(b.sessionId, 64)],
    );
    return reply.code(204).send();
  });
}
