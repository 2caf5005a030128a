import type { Code } from '../services/contract/codes.ts';

/** A refusal a handler means to give: it becomes `{code, msg, subMsg}` in the caller's language. */
export class DomainError extends Error {
  constructor(
    readonly code: Code | (string & {}),
    readonly httpStatus = 200,
    /** Extra detail for the caller, already safe to show (never an internal message). */
    readonly detail?: string,
  ) {
    super(code);
  }
}
