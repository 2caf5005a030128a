import crypto from 'node:crypto';
import { LEDGER_CODES } from '../../services/contract/answerCodes.ts';
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
    const { rows } = await tx.query<{ claimed: boolean; same_payload: boolean; answer: T | null; refusal_code: string | null }>(
      'SELECT * FROM money_claim($1, $2, $3, $4)',
      [memberId, ctx.requestNo, service, payloadHash],
    );
    const claim = rows[0]!;
    if (!claim.claimed) {
      if (!claim.same_payload) return { refusal: new DomainError(LEDGER_CODES.requestNoReused) };
      return claim.refusal_code ? { refusal: new DomainError(claim.refusal_code) } : { answer: claim.answer as T };
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
