import type { Code } from '../services/contract/answerCodes.ts';
import type { Queryable } from './db/index.ts';

/** A refusal a handler means to give: it becomes `{code, msg, subMsg}` in the caller's language. */
export class DomainError extends Error {
  constructor(
    readonly code: Code | (string & {}),
    readonly httpStatus = 200,
    /** Extra detail for the caller, already safe to show (never an internal message). */
    readonly detail?: string,
    /** Keep what the transaction wrote before refusing (a counted wrong try must stay counted). */
    readonly options: { commit?: boolean } = {},
  ) {
    super(code);
  }
}

/**
 * Runs `work` in one transaction. A refusal marked `commit` keeps the writes made before it and is
 * thrown after the commit; any other error rolls everything back.
 */
export async function transactionKeepingCountedRefusals<T>(
  db: { transaction<R>(work: (tx: Queryable) => Promise<R>): Promise<R> },
  work: (tx: Queryable) => Promise<T>,
): Promise<T> {
  const outcome = await db.transaction(async (tx) => {
    try {
      return { value: await work(tx) };
    } catch (error) {
      if (error instanceof DomainError && error.options.commit) return { refusal: error };
      throw error;
    }
  });
  if ('refusal' in outcome) throw outcome.refusal;
  return outcome.value;
}
