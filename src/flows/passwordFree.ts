import { fromPromise } from 'xstate';
import { passwordFreeMachine, type PasswordFreeSetting } from '../../machines/passwordFree.machine.ts';
import { amountEntryMachine } from '../../machines/amountEntry.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';
import type { Outcome } from '../../services/contract/outcome.ts';
import { paymentFlow } from './payment.ts';

/** The password-free setting: read it, switch it on with the pay password (payment child), switch it off. */
export const passwordFreeActors = {
  amountEntry: amountEntryMachine,
  query: fromPromise<Outcome<PasswordFreeSetting>>(() => requestGateway('pay/passwordFree/query', {}, { quiet: true })),
  switchOff: fromPromise<Outcome<PasswordFreeSetting>>(() => requestGateway('pay/passwordFree/set', { enabled: false })),
  payment: paymentFlow,
} satisfies ActorsOf<typeof passwordFreeMachine>;

export const passwordFreeFlow = passwordFreeMachine.provide({ actors: passwordFreeActors });
