import crypto from 'node:crypto';
import { LEDGER_CODES } from '../../services/contract/codes.ts';
import type { Queryable } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import type { HandlerContext } from '../registry.ts';
import { moneyTransaction } from './ledger.ts';

/**
 * Every money-moving call is answered once per member and envelope `requestNo`: the first call
 * does the work and stores its answer (or its refusal) in the same transaction; a replay, even a
 * concurrent one, gets that stored answer and moves nothing. The same requestNo with another
 * payload is refused (FND10002): it is a client bug, never a second payment.
 */
export async function idempotentMoneyCall<T>(
  ctx: HandlerContext,
  memberId: string,
  service: string,
  input: unknown,
  work: (tx: Queryable) => Promise<T>,
): Promise<T> {
  const payloadHash = crypto.createHash('sha256').update(JSON.stringify([service, input])).digest('hex');
  const outcome = await moneyTransaction(ctx.db, async (tx) => {
    const claimed = await tx.query(
      `INSERT INTO idempotent_requests (member_id, request_no, service, payload_hash) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING RETURNING 1`,
      [memberId, ctx.requestNo, service, payloadHash],
    );
    if (claimed.rows.length === 0) {
      const { rows } = await tx.query<{ payload_hash: string; answer: T | null; refusal_code: string | null }>(
        'SELECT payload_hash, answer, refusal_code FROM idempotent_requests WHERE member_id = $1 AND request_no = $2',
        [memberId, ctx.requestNo],
      );
      const first = rows[0]!;
      if (first.payload_hash !== payloadHash) return { refusal: new DomainError(LEDGER_CODES.requestNoReused) };
      return first.refusal_code ? { refusal: new DomainError(first.refusal_code) } : { answer: first.answer as T };
    }
    await tx.query('SAVEPOINT money_work');
    try {
      const answer = await work(tx);
      await tx.query('RELEASE SAVEPOINT money_work');
      await tx.query('UPDATE idempotent_requests SET answer = $3 WHERE member_id = $1 AND request_no = $2', [memberId, ctx.requestNo, JSON.stringify(answer)]);
      return { answer };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      // the refusal is the first answer too: undo the work, keep the claim with its code
      await tx.query('ROLLBACK TO SAVEPOINT money_work');
      await tx.query('UPDATE idempotent_requests SET refusal_code = $3 WHERE member_id = $1 AND request_no = $2', [memberId, ctx.requestNo, error.code]);
      return { refusal: error };
    }
  });
  if ('refusal' in outcome) throw outcome.refusal;
  return outcome.answer;
}
