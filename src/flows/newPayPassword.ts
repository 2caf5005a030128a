import { fromPromise } from 'xstate';
import { newPayPasswordMachine, type Keypad } from '../../machines/newPayPassword.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';
import type { Outcome } from '../../services/contract/outcome.ts';
import { encryptPositions, getKeypad, keypadKeyActions } from '../../services/keypad.ts';

/** Choosing the pay password: the one-time keypad and the save (with a reset's ticket when there is one). */
export const newPayPasswordActors = {
  getKeypad,
  savePayPassword: fromPromise(async ({ input }: { input: { keypad: Keypad; positions: string; resetTicket: string | null } }): Promise<Outcome<{ set: true }>> => {
    const entry = await encryptPositions(input.keypad, input.positions);
    return requestGateway('wallet/password/setPayPwd', { ...entry, ...(input.resetTicket ? { resetTicket: input.resetTicket } : {}) });
  }),
} satisfies ActorsOf<typeof newPayPasswordMachine>;

/** The child as the pay-password page and the payment chart run it. */
export const newPayPasswordFlow = newPayPasswordMachine.provide({ actors: newPayPasswordActors, actions: keypadKeyActions });
