import { newPayPasswordMachine, type NewPayPasswordEvent } from '../../machines/newPayPassword.machine.ts';
import { isWeakPin, keypadDigits, PIN_LENGTH } from '../../src/lib/payPin.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });
/** A one-time keypad: its shuffled digits (position 3 is the digit 0, position 8 the digit 6). */
export const sampleKeypad = { randKey: '6f1c1b8e-8d0a-4d36-9a51-1b0e6d2f3a10', rsaPublicKey: 'MIIB', mapArr: [7, 2, 9, 0, 4, 1, 8, 3, 6, 5] };

/** The child with its calls parked: what its parents' models (the pay-password page, the payment) run. */
export const parkedNewPayPassword = parkInvokes(newPayPasswordMachine, ['getKeypad', 'savePayPassword']);

/** On the sample keypad position 3 is the digit 0 and position 8 the digit 6: 000000 is weak, 000006 is not. */
export const newPayPasswordUserEvents = {
  'digit.pressed': { type: 'digit.pressed', position: 3 },
  'digit.deleted': { type: 'digit.deleted' },
  'keypad.retry': { type: 'keypad.retry' },
} satisfies Record<NewPayPasswordEvent['type'], NewPayPasswordEvent>;

const PRESSED = [3, 8];

export const newPayPasswordModel: FlowModel<typeof newPayPasswordMachine> = {
  machine: parkedNewPayPassword,
  variants: [
    { name: 'the first time', input: { resetTicket: null } },
    { name: 'after a reset code', input: { resetTicket: 'ticket-abcdefghijklmnopqrstuvwxyz' } },
  ],
  events: [
    ...Object.values(newPayPasswordUserEvents),
    { type: 'digit.pressed', position: 8 } as NewPayPasswordEvent,
    doneEvent('getKeypad', { ok: true, data: sampleKeypad }),
    doneEvent('getKeypad', refusal('AGW50000')),
    errorEvent('getKeypad', new Error('network down')),
    doneEvent('savePayPassword', { ok: true, data: { set: true } }),
    doneEvent('savePayPassword', refusal('PAY10004')),
    doneEvent('savePayPassword', refusal('PAY10003')),
    doneEvent('savePayPassword', refusal('PAY10005')),
    errorEvent('savePayPassword', new Error('network down')),
  ],
  // digits typed (as counts), whether the second entry still agrees with the first, and, with five
  // typed, which sixth digit would make the first entry weak (the guard's fact, not the digits)
  serializeState: (snapshot) => {
    const c = snapshot.context;
    const weakNext = c.first.length === PIN_LENGTH - 1 && c.keypad ? PRESSED.map((p) => isWeakPin(keypadDigits(c.keypad!.mapArr, `${c.first}${p}`))) : [];
    return JSON.stringify([snapshot.value, c.first.length, c.second.length, c.first.startsWith(c.second), weakNext, c.keypad !== null, c.errorCode]);
  },
};
