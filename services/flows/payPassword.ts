import { fromPromise } from 'xstate';
import { payPasswordMachine, type Keypad } from '../../machines/payPassword.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { storage } from '../../src/lib/storage.ts';
import { requestGateway, type Outcome } from '../gateway.ts';
import { encryptPositions } from '../keypad.ts';

/** Setting (or resetting) the pay password: the one-time keypad, the save, and the reset's SMS code. */
export const payPasswordActors = {
  getKeypad: fromPromise<Outcome<Keypad>>(() => requestGateway('common/getRandomKey', {})),
  savePayPassword: fromPromise(async ({ input }): Promise<Outcome<{ set: true }>> => {
    const entry = await encryptPositions(input.keypad, input.positions);
    return requestGateway('wallet/password/setPayPwd', { ...entry, ...(input.resetTicket ? { resetTicket: input.resetTicket } : {}) });
  }),
  sendResetCode: fromPromise<Outcome<{ sentTo?: string }>>(() => requestGateway('wallet/paypassword/forgetPayPassword', { step: 'sendCode' })),
  verifyResetCode: fromPromise<Outcome<{ resetTicket?: string }>, { code: string }>(({ input }) => requestGateway('wallet/paypassword/forgetPayPassword', { step: 'verifyCode', code: input.code })),
} satisfies ActorsOf<typeof payPasswordMachine>;

/** The keypad's one-time keys in session storage while it shows (the pay confirmation keeps them the same way). */
export const keypadKeyActions = {
  storeKeypadKeys: ({ context }: { context: { keypad: Keypad | null } }) =>
    context.keypad &&
    storage.setKeypadKeys({ mapArr: JSON.stringify(context.keypad.mapArr), randKey: context.keypad.randKey, rsaPublicKey: context.keypad.rsaPublicKey }),
  clearKeypadKeys: () => storage.clearKeypadKeys(),
};

export const payPasswordFlow = payPasswordMachine.provide({ actors: payPasswordActors, actions: keypadKeyActions });
