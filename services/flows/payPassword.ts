import { fromPromise } from 'xstate';
import { payPasswordMachine } from '../../machines/payPassword.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { requestGateway, type Outcome } from '../gateway.ts';
import { encryptPositions, getKeypad, keypadKeyActions } from '../keypad.ts';

/** Setting (or resetting) the pay password: the one-time keypad, the save, and the reset's SMS code. */
export const payPasswordActors = {
  getKeypad,
  savePayPassword: fromPromise(async ({ input }): Promise<Outcome<{ set: true }>> => {
    const entry = await encryptPositions(input.keypad, input.positions);
    return requestGateway('wallet/password/setPayPwd', { ...entry, ...(input.resetTicket ? { resetTicket: input.resetTicket } : {}) });
  }),
  sendResetCode: fromPromise<Outcome<{ sentTo?: string }>>(() => requestGateway('wallet/paypassword/forgetPayPassword', { step: 'sendCode' })),
  verifyResetCode: fromPromise<Outcome<{ resetTicket?: string }>, { code: string }>(({ input }) => requestGateway('wallet/paypassword/forgetPayPassword', { step: 'verifyCode', code: input.code })),
} satisfies ActorsOf<typeof payPasswordMachine>;

export const payPasswordFlow = payPasswordMachine.provide({ actors: payPasswordActors, actions: keypadKeyActions });
