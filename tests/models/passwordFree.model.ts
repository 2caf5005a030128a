import { passwordFreeMachine, type PasswordFreeEvent } from '../../machines/passwordFree.machine.ts';
import { paymentMachine } from '../../machines/payment.machine.ts';
import { UNREACHABLE } from '../../machines/outcome.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';
import { paymentModel } from './payment.model.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });

/** The server's answers: off by default, and on with 2 000 Kz; the cap 5 000 Kz (PASSWORD_FREE_CAP_KZ's default). */
export const sampleOff = { enabled: false, limit: 0, cap: 500_000 };
export const sampleOn = { enabled: true, limit: 200_000, cap: 500_000 };

export const passwordFreeUserEvents = {
  'setting.retry': { type: 'setting.retry' },
  'limit.edit': { type: 'limit.edit' },
  'edit.cancelled': { type: 'edit.cancelled' },
  'payment.cancelled': { type: 'payment.cancelled' },
  'passwordFree.disabled': { type: 'passwordFree.disabled' },
} satisfies Record<PasswordFreeEvent['type'], PasswordFreeEvent>;

/**
 * The password-free chart with its calls parked; the payment child runs as the real chart with its
 * calls parked, the amount child (the limit) as in its own model; their ends are fed as `xstate.done.actor.<child>`.
 */
export const passwordFreeModel: FlowModel<typeof passwordFreeMachine> = {
  machine: parkInvokes(passwordFreeMachine, ['query', 'switchOff']).provide({
    actors: { payment: paymentModel.machine as typeof paymentMachine },
  } as never) as typeof passwordFreeMachine,
  variants: [{ name: 'pt', input: { language: 'pt' } }],
  events: [
    ...Object.values(passwordFreeUserEvents),
    doneEvent('amountEntry', { amount: 500_000, amountText: '5 000' }),
    errorEvent('amountEntry', new Error('child failed')),
    doneEvent('query', { ok: true, data: sampleOff }),
    doneEvent('query', { ok: true, data: sampleOn }),
    doneEvent('query', refusal('AGW50000')),
    errorEvent('query', new Error('network down')),
    doneEvent('payment', { ok: true, data: { enabled: true, limit: 200_000, cap: 500_000 } }),
    doneEvent('payment', refusal('MCH10015', '300000')),
    // never sent by the payment chart; its answer protocol allows it
    doneEvent('payment', UNREACHABLE),
    errorEvent('payment', new Error('child failed')),
    doneEvent('switchOff', { ok: true, data: { enabled: false, limit: 200_000, cap: 500_000 } }),
    doneEvent('switchOff', refusal('AGW50000')),
    errorEvent('switchOff', new Error('network down')),
  ],
  serializeState: (snapshot) => {
    const c = snapshot.context;
    return JSON.stringify([snapshot.value, c.setting, c.limitText, c.limitRefusal, c.errorCode]);
  },
};
