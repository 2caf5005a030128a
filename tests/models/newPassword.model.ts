import { newPasswordMachine, isStrongPassword, type NewPasswordEvent } from '../../machines/newPassword.machine.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });

/** What sign-up's activation answers: the new member signed in. */
export const sampleLogin = { loginToken: 'token-abcdefghijklmnopqrstuvwxyz', profile: { memberId: '9', memberType: 'individual', displayName: null, mobile: '+244923456789', email: null, language: 'pt' } };

/** The new-password chart with its save parked: what the parents' models run. */
export const parkedNewPassword = parkInvokes(newPasswordMachine, ['save']);

export const newPasswordUserEvents = {
  'password.changed': { type: 'password.changed', value: 'Luanda2026' },
  'password.submitted': { type: 'password.submitted' },
  'flow.restarted': { type: 'flow.restarted' },
} satisfies Record<NewPasswordEvent['type'], NewPasswordEvent>;

/** The new-password chart as sign-up runs it (its save activates the account and signs it in). */
export const newPasswordModel: FlowModel<typeof newPasswordMachine> = {
  machine: parkedNewPassword,
  variants: [{ name: 'after the code', input: { ticket: 'ticket-abcdefghijklmnopqrstuvwxyz' } }],
  events: [
    ...Object.values(newPasswordUserEvents),
    { type: 'password.changed', value: 'short' } as NewPasswordEvent,
    doneEvent('save', { ok: true, data: sampleLogin }),
    doneEvent('save', refusal('PWD10001')),
    doneEvent('save', refusal('REG10002')),
    doneEvent('save', refusal('AGW50000')),
    errorEvent('save', new Error('network down')),
  ],
  // the fact the guard reads: a strong password typed
  serializeState: (snapshot) => JSON.stringify([snapshot.value, isStrongPassword(snapshot.context.password)]),
};
