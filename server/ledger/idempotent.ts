import crypto from 'node:crypto';
import { LEDGER_CODES } from '../../services/contract/answerCodes.ts';
import type { Queryable } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import type { HandlerContext } from '../handler.ts';
import { moneyTransaction } from './ledger.ts';

/** What a requestNo is bound to: the service and its input. The same requestNo with another payload is refused (FND10002). */
export const payloadHash = (service: string, input: unknown) => crypto.createHash('sha256').update(JSON.stringify([service, input])).digest('hex');

/**
 * Every money-moving call is answered once per member and envelope `requestNo` (the pattern:
 * server/ledger/README.md). This is its TypeScript form; the transfer is the same steps as one
 * SQL function (`wallet_transfer`). The first call claims the requestNo (`money_claim`), does the
 * work and stores its answer (or its refusal) with `money_answer`, all in one transaction; a
 * replay, even a concurrent one, gets that stored answer and moves nothing. The same requestNo
 * with another payload is refused (FND10002): it is a client bug, never a second payment.
 */
export async function idempotentMoneyCall<T>(
  ctx: Pick<HandlerContext, 'db' | 'requestNo'>,
  memberId: string,
  service: string,
  input: unknown,
  work: (tx: Queryable) => Promise<T>,
): Promise<T> {
  const outcome = await moneyTransaction(ctx.db, async (tx) => {
    const { rows } = await tx.query<{ claimed: boolean; same_payload: boolean; answer: T | null; refusal_code: string | null }>(
      'SELECT * FROM money_claim($1, $2, $3, $4)',
      [memberId, ctx.requestNo, service, payloadHash(service, input)],
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
      await tx.query('SELECT money_answer($1, $2, $3, NULL)', [memberId, ctx.requestNo, JSON.stringify(answer)]);
      return { answer };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      // the refusal is the first answer too: undo the work, keep the claim with its code
      await tx.query('ROLLBACK TO SAVEPOINT money_work');
      await tx.query('SELECT money_answer($1, $2, NULL, $3)', [memberId, ctx.requestNo, error.code]);
      return { refusal: error };
    }
  });
  if ('refusal' in outcome) throw outcome.refusal;
  return outcome.answer;
}
