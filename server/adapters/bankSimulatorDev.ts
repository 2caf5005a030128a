import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/index.ts';
import type { BankAdapter } from './bank.ts';
import { setSimulatorCard, setSimulatorControls } from './bankSimulator.ts';
import { drainBankSettlement } from '../jobs/bankSettlement.ts';

const controlsBody = z.object({ failAll: z.boolean().optional(), paused: z.boolean().optional(), delayMs: z.number().int().min(0).max(3_600_000).nullable().optional() });
const cardBody = z.object({
  forceFailure: z.boolean().optional(),
  balance: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  status: z.enum(['active', 'blocked']).optional(),
  delayMs: z.number().int().min(0).max(3_600_000).nullable().optional(),
});

/**
 * Development only (absent in production), and only when the bank is the simulator: the simulated
 * bank, for a person or an automated browser test. `GET /dev/bank` shows its controls, cards and latest operations;
 * `POST /dev/bank/controls` `{failAll?, paused?, delayMs?}`; `POST /dev/bank/cards/:cardNo`
 * `{forceFailure?, balance?, status?, delayMs?}`; `POST /dev/bank/settle` settles everything
 * pending now (and resolves the wallet's side) instead of waiting.
 */
export function registerBankDevPage(app: FastifyInstance, deps: { db: Database; bank: BankAdapter }) {
  app.get('/dev/bank', async (_request, reply) => {
    const controls = (await deps.db.query('SELECT fail_all AS "failAll", paused, delay_ms AS "delayMs" FROM bank_sim_controls WHERE id = 1')).rows[0];
    const cards = (await deps.db.query(
      `SELECT c.card_no AS "cardNo", b.bank_code AS "bankCode", b.card_type AS "cardType", c.holder_name AS "holderName", c.holder_mobile AS "holderMobile",
              c.balance::text AS balance, c.status, c.force_failure AS "forceFailure", c.delay_ms AS "delayMs"
         FROM bank_sim_cards c JOIN bank_sim_bins b ON b.bin = c.bin ORDER BY c.holder_name, c.card_no LIMIT 200`,
    )).rows;
    const operations = (await deps.db.query(
      `SELECT reference, kind, card_no AS "cardNo", amount::text AS amount, state, reason, created_at AS "createdAt", due_at AS "dueAt", settled_at AS "settledAt"
         FROM bank_sim_operations ORDER BY id DESC LIMIT 50`,
    )).rows;
    return reply.header('cache-control', 'no-store').send({ controls, cards, operations });
  });

  app.post('/dev/bank/controls', async (request, reply) => {
    const body = controlsBody.safeParse(request.body ?? {});
    if (!body.success) return reply.code(400).send({ error: body.error.issues[0]?.path.join('.') });
    await setSimulatorControls(deps.db, body.data);
    return reply.send({ ok: true });
  });

  app.post('/dev/bank/cards/:cardNo', async (request, reply) => {
    const body = cardBody.safeParse(request.body ?? {});
    if (!body.success) return reply.code(400).send({ error: body.error.issues[0]?.path.join('.') });
    const { balance, ...rest } = body.data;
    const found = await setSimulatorCard(deps.db, (request.params as { cardNo: string }).cardNo, { ...rest, balance: balance === undefined ? undefined : BigInt(balance) });
    return found ? reply.send({ ok: true }) : reply.code(404).send({ ok: false });
  });

  app.post('/dev/bank/settle', async (_request, reply) => {
    const pendingLeft = await drainBankSettlement(deps.db, deps.bank);
    return reply.send({ pendingLeft });
  });
}
