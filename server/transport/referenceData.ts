import type { FastifyInstance } from 'fastify';
import operators from '../../services/data/angola/operators.json' with { type: 'json' };

/** `json/mobile_tel_segment.htm` (spec §7): which operator a mobile prefix belongs to. */
export function registerReferenceData(app: FastifyInstance) {
  const segments = operators.operators
    .filter((o) => o.prefixes.length > 0)
    .map((o) => ({ operator: o.name, prefixes: o.prefixes }));
  app.get('/json/mobile_tel_segment.htm', async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=86400').type('application/json').send({ country: '+244', segments }),
  );
}
