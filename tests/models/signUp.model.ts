import { signUpMachine, type SignUpEvent } from '../../machines/signUp.machine.ts';
import { UNREACHABLE } from '../../machines/outcome.ts';
import { isNationalMobile } from '../../src/lib/phone.ts';
import { doneEvent, errorEvent, type FlowModel } from '../support/mbt.ts';
import { codeEntryAnswering, codePhase, sampleSignUpCodeSent, sampleTicket } from './codeEntry.model.ts';
import { parkedNewPassword, sampleLogin } from './newPassword.model.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });

/** Every event a person can cause; `satisfies` fails the build when the chart gains one untested. */
export const signUpUserEvents = {
  'identity.changed': { type: 'identity.changed', value: '923456789' },
  'agreement.toggled': { type: 'agreement.toggled' },
  'code.requested': { type: 'code.requested' },
  'identity.edit': { type: 'identity.edit' },
} satisfies Record<SignUpEvent['type'], SignUpEvent>;

export const signUpServerEvents = [
  doneEvent('codeEntry', { ok: true, data: sampleTicket }),
  doneEvent('codeEntry', refusal('REG10001')),
  doneEvent('codeEntry', refusal('AGW50000')),
  doneEvent('codeEntry', UNREACHABLE),
  errorEvent('codeEntry', new Error('child failed')),
  doneEvent('newPassword', { ok: true, data: sampleLogin }),
  doneEvent('newPassword', refusal('REG10002')),
  doneEvent('newPassword', UNREACHABLE),
  errorEvent('newPassword', new Error('child failed')),
];

/** A number whose first code is still being sent (the model's other number gets its code at once). */
const SLOW_NUMBER = '934000009';
const signUpEvents: SignUpEvent[] = [
  ...Object.values(signUpUserEvents),
  { type: 'identity.changed', value: '123' },
  { type: 'identity.changed', value: SLOW_NUMBER },
];
// the identity form's controls, on screen in the code step until the code went; "change number" after
const FORM_EVENTS: SignUpEvent['type'][] = ['identity.changed', 'agreement.toggled'];

export const signUpModel: FlowModel<typeof signUpMachine> = {
  // the code entry (its first code sent at once, or still under way) and the new password run as parked children whose outcomes are fed
  machine: signUpMachine.provide({
    actors: {
      codeEntry: codeEntryAnswering((request) => (request.identity === SLOW_NUMBER ? null : sampleSignUpCodeSent)),
      newPassword: parkedNewPassword,
    },
  }),
  variants: [{ name: 'individual', input: { memberType: 'individual' } }],
  // what the screen offers: in the code step, the form until the code went, then the code entry
  events: (snapshot) => {
    const phase = codePhase(snapshot as never);
    const offered = signUpEvents.filter((e) => (phase === 'entering' ? !FORM_EVENTS.includes(e.type) : phase === 'sending' ? e.type !== 'identity.edit' : true));
    // only what the chart takes there: an error event no state takes would end the real actor in error
    return [...offered, ...signUpServerEvents].filter((e) => snapshot.can(e as never));
  },
  // a state is its value plus the facts its guards read there (and where its code step is), nothing else
  serializeState: (snapshot) => {
    const c = snapshot.context;
    const facts = snapshot.matches('editingIdentity') ? [c.agreed, isNationalMobile(c.identity), c.identity === SLOW_NUMBER] : [];
    return JSON.stringify([snapshot.value, facts, codePhase(snapshot as never)]);
  },
};
