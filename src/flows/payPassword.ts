import { fromPromise } from 'xstate';
import { payPasswordMachine, type ResetCard } from '../../machines/payPassword.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';
import type { Outcome } from '../../services/contract/outcome.ts';
import { newPayPasswordFlow } from './newPayPassword.ts';

/** Setting (or resetting) the pay password: the new one (newPayPassword child), and the reset's SMS code (to the account's mobile, or a bound card's). */
export const payPasswordActors = {
  newPayPassword: newPayPasswordFlow,
  sendResetCode: fromPromise<Outcome<{ sentTo?: string }>>(() => requestGateway('wallet/paypassword/forgetPayPassword', { step: 'sendCode' })),
  verifyResetCode: fromPromise<Outcome<{ resetTicket?: string }>, { code: string; card: ResetCard | null }>(({ input }) =>
    input.card
      ? requestGateway('wallet/paypassword/check-cardNo-mobile', { step: 'verifyCode', ...input.card, code: input.code })
      : requestGateway('wallet/paypassword/forgetPayPassword', { step: 'verifyCode', code: input.code })),
  sendCardCode: fromPromise<Outcome<{ sentTo?: string }>, ResetCard>(({ input }) => requestGateway('wallet/paypassword/check-cardNo-mobile', { step: 'sendCode', ...input })),
} satisfies ActorsOf<typeof payPasswordMachine>;

export const payPasswordFlow = payPasswordMachine.provide({ actors: payPasswordActors });
