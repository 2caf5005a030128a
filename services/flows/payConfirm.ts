import { fromPromise } from 'xstate';
import { payConfirmMachine } from '../../machines/payConfirm.machine.ts';
import type { Keypad } from '../../machines/payPassword.machine.ts';
import type { PaymentPurpose } from '../contract/payPassword.ts';
import { requestGateway, type Outcome } from '../gateway.ts';
import { storage } from '../../src/lib/storage.ts';
import { encryptPositions } from '../keypad.ts';

/**
 * The pay confirmation as the money flows (transfer, top-up, withdrawal) run it: the gateway's
 * one-time keypad, the check with the payment's purpose, the keys in session storage while shown.
 * The parent flow invokes it as its `payConfirm` actor and renders it with PayConfirmPanel.
 */
export const livePayConfirm = payConfirmMachine.provide({
  actors: {
    getKeypad: fromPromise<Outcome<Keypad>>(() => requestGateway('common/getRandomKey', {})),
    checkPayPassword: fromPromise(async ({ input }: { input: { keypad: Keypad; positions: string; purpose: PaymentPurpose } }) => {
      const entry = await encryptPositions(input.keypad, input.positions);
      return requestGateway('wallet/paypassword/checkPayPwd', { ...entry, purpose: input.purpose });
    }),
  },
  actions: {
    storeKeypadKeys: ({ context }) =>
      context.keypad &&
      storage.setKeypadKeys({ mapArr: JSON.stringify(context.keypad.mapArr), randKey: context.keypad.randKey, rsaPublicKey: context.keypad.rsaPublicKey }),
    clearKeypadKeys: () => storage.clearKeypadKeys(),
  },
});
