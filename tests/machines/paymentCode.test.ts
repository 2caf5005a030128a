import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { CODE_LIFETIME_MS, paymentCodeMachine, type CodeStatus, type IssueInput, type IssuedCode } from '../../machines/paymentCode.machine.ts';
import type { Outcome } from '../../services/contract/outcome.ts';
import { sampleIssued } from '../models/paymentCode.model.ts';

/**
 * Which of the payment code's issues are the member's (opening the screen, asking for a new code)
 * and which the clock's: the clock's are sent as background calls, so a phone left showing its
 * code lets the session idle out instead of renewing codes for twelve hours.
 */
describe('payment code chart: who asked for a code', () => {
  afterEach(() => vi.useRealTimers());

  it('tells the issue the member asked on opening and on refresh, and that the two-minute renewal and an expired code are the clock’s', async () => {
    vi.useFakeTimers();
    const asked: IssueInput[] = [];
    let status: CodeStatus['state'] = 'active';
    const actor = createActor(
      paymentCodeMachine.provide({
        actors: {
          issue: fromPromise<Outcome<IssuedCode>, IssueInput>(async ({ input }) => {
            asked.push(input);
            return { ok: true, data: sampleIssued };
          }),
          checkStatus: fromPromise<Outcome<CodeStatus>, { code: string }>(async () => ({ ok: true, data: { state: status, charge: null, receipt: null, refusalCode: null } })),
        },
      }),
    ).start();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches('showing')).toBe(true);
    actor.send({ type: 'code.refresh' });
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(CODE_LIFETIME_MS);
    status = 'expired';
    await vi.advanceTimersByTimeAsync(2_000);
    expect(asked).toEqual([{ renewal: false }, { renewal: false }, { renewal: true }, { renewal: true }]);
    actor.stop();
  });
});
