import { fromPromise } from 'xstate';
import { payConfirmMachine } from '../../machines/payConfirm.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import type { Keypad } from '../../machines/payPassword.machine.ts';
import type { PaymentPurpose } from '../contract/payPassword.ts';
import { requestGateway, type Outcome } from '../gateway.ts';
import { storage } from '../../src/lib/storage.ts';
import { encryptPositions } from '../keypad.ts';

/**
 * The pay confirmation as the payment chart runs it: the gateway's one-time keypad, the check with
 * the payment's purpose, the keys in session storage while the keypad shows. The parents of the
 * payment chart clear them too when they leave it (a stopped child runs no exit actions).
 */
export const payConfirmActors = {
  getKeypad: fromPromise<Outcome<Keypad>>(() => requestGateway('common/getRandomKey', {})),
  checkPayPassword: fromPromise(async ({ input }: { input: { keypad: Keypad; positions: string; purpose: PaymentPurpose } }) => {
    const entry = await encryptPositions(input.keypad, input.positions);
    return requestGateway('wallet/paypassword/checkPayPwd', { ...entry, purpose: input.purpose });
  }),
} satisfies ActorsOf<typeof payConfirmMachine>;

/** The keypad's one-time keys leave session storage: its keypad, or its screen, is gone. */
export const clearKeypadKeys = () => storage.clearKeypadKeys();

export const payConfirmFlow = payConfirmMachine.provide({
  actors: payConfirmActors,
  actions: {
    storeKeypadKeys: ({ context }) =>
      context.keypad &&
      storage.setKeypadKeys({ mapArr: JSON.stringify(context.keypad.mapArr), randKey: context.keypad.randKey, rsaPublicKey: context.keypad.rsaPublicKey }),
    clearKeypadKeys,
  },
});
