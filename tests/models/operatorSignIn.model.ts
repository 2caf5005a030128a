import { operatorSignInMachine, type OperatorSignInEvent, type OperatorSignInInput } from '../../machines/operatorSignIn.machine.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';

export const HANDOFF = 'h4nd0ff_0123456789abcdefABCDEF';

/** Every event an operator can cause on the sign-in page; `satisfies` makes a new event fail until it is modelled. */
export const operatorSignInUserEvents = {
  'signIn.requested': { type: 'signIn.requested' },
  'signIn.retry': { type: 'signIn.retry' },
} satisfies Record<OperatorSignInEvent['type'], OperatorSignInEvent>;

export const redemption = { token: 'operator-token-0123456789', expiresAt: '2025-05-01T18:00:00.000Z', operator: { id: 'op-1', name: 'Operadora Demo', email: 'operadora@kwanza.test' } };

const variant = (name: string, input: OperatorSignInInput) => ({ name, input });

export const operatorSignInModel: FlowModel<typeof operatorSignInMachine> = {
  machine: parkInvokes(operatorSignInMachine, ['redeem']),
  variants: [
    variant('back from single sign-on with a hand-off', { handoff: HANDOFF, returnTo: '/plateform/rebinding', ssoError: null, signedIn: false }),
    variant('back from single sign-on with an error', { handoff: null, returnTo: null, ssoError: 'PLT10001', signedIn: false }),
    variant('operator token stored', { handoff: null, returnTo: null, ssoError: null, signedIn: true }),
    variant('first visit, foreign return address', { handoff: null, returnTo: 'https://evil.example/', ssoError: null, signedIn: false }),
  ],
  events: [
    ...Object.values(operatorSignInUserEvents),
    doneEvent('redeem', { ok: true, data: redemption }),
    doneEvent('redeem', { ok: false, code: 'PLT10005', message: 'PLT10005', detail: '' }),
    errorEvent('redeem', new Error('network down')),
  ],
  serializeState: (snapshot) => JSON.stringify(snapshot.value),
};
