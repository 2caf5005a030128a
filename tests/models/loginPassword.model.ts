import { loginPasswordMachine, type LoginPasswordEvent } from '../../machines/loginPassword.machine.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });

export const loginPasswordUserEvents = {
  'current.changed': { type: 'current.changed', value: 'Kwanza2026' },
  'password.changed': { type: 'password.changed', value: 'Novidade2027' },
  'password.submitted': { type: 'password.submitted' },
  'flow.finished': { type: 'flow.finished' },
} satisfies Record<LoginPasswordEvent['type'], LoginPasswordEvent>;

export const loginPasswordModel: FlowModel<typeof loginPasswordMachine> = {
  machine: parkInvokes(loginPasswordMachine, ['changePassword']),
  variants: [{ name: 'signed in', input: undefined }],
  events: [
    ...Object.values(loginPasswordUserEvents),
    // a new password too weak, and one the same as the current
    { type: 'password.changed', value: 'short' } as LoginPasswordEvent,
    { type: 'password.changed', value: 'Kwanza2026' } as LoginPasswordEvent,
    doneEvent('changePassword', { ok: true, data: { changed: true, otherSessionsEnded: 2 } }),
    doneEvent('changePassword', refusal('LGN10001', '3')),
    doneEvent('changePassword', refusal('LGN10002', '15')),
    doneEvent('changePassword', refusal('PWD10001')),
    doneEvent('changePassword', refusal('PWD10002')),
    doneEvent('changePassword', refusal('AGW50000')),
    errorEvent('changePassword', new Error('network down')),
  ],
  // what the guards read: a current password typed, the new one's strength and sameness
  serializeState: (snapshot) => {
    const c = snapshot.context;
    return JSON.stringify([snapshot.value, c.current.length > 0, c.password.length >= 8 && /\d/.test(c.password), c.password === c.current]);
  },
};
