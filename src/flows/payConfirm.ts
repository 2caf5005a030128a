import { fromPromise } from 'xstate';
import { payConfirmMachine, type PayPasswordState } from '../../machines/payConfirm.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import type { Keypad } from '../../machines/newPayPassword.machine.ts';
import type { PaymentPurpose } from '../../services/contract/payPassword.ts';
import { requestGateway } from '../../services/gateway.ts';
import type { Outcome } from '../../services/contract/outcome.ts';
import { encryptPositions, getKeypad, keypadKeyActions } from '../../services/keypad.ts';

/**
 * The pay confirmation as the payment chart runs it: where the pay password stands (the settings
 * answer), the gateway's one-time keypad, the check with the payment's purpose, the keys in session
 * storage while the keypad shows. The parents of the payment chart clear them too when they leave
 * it (a stopped child runs no exit actions).
 */
export const payConfirmActors = {
  // the settings answer says whether a pay password is set and whether paying is locked
  payPasswordState: fromPromise<Outcome<PayPasswordState>>(() => requestGateway('common/setting/main', {}, { quiet: true })),
  getKeypad,
  checkPayPassword: fromPromise(async ({ input }: { input: { keypad: Keypad; positions: string; purpose: PaymentPurpose } }) => {
    const entry = await encryptPositions(input.keypad, input.positions);
    return requestGateway('wallet/paypassword/checkPayPwd', { ...entry, purpose: input.purpose });
  }),
} satisfies ActorsOf<typeof payConfirmMachine>;

export const payConfirmFlow = payConfirmMachine.provide({ actors: payConfirmActors, actions: keypadKeyActions });
