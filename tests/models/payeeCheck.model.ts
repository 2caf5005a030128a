import { payeeCheckMachine, type PayeeCheckEvent } from '../../machines/payeeCheck.machine.ts';
import { toNationalMobile } from '../../src/lib/phone.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });

export const samplePayee = { maskedName: 'Bruno M*** D***', mobile: '+244943000002' };
export const samplePayees = {
  recent: [
    { mobile: '943000002', maskedName: 'Bruno M*** D***', maskedMobile: '9** *** 002', favouriteId: null },
    { mobile: '921000003', maskedName: 'Carla S*** T***', maskedMobile: '9** *** 003', favouriteId: '7' },
  ],
  favourites: [{ id: '7', mobile: '921000003', maskedName: 'Carla S*** T***', maskedMobile: '9** *** 003', nickname: 'Tia Carla' }],
};

export const payeeCheckUserEvents = {
  'mobile.changed': { type: 'mobile.changed', value: '943000002' },
  'mobile.submitted': { type: 'mobile.submitted' },
  'payee.picked': { type: 'payee.picked', mobile: '943000002' },
  'payee.confirmed': { type: 'payee.confirmed' },
  'payee.changeRequested': { type: 'payee.changeRequested' },
  'favourite.starred': { type: 'favourite.starred', mobile: '943000002' },
  'favourite.unstarred': { type: 'favourite.unstarred', id: '7' },
  'favourite.renamed': { type: 'favourite.renamed', id: '7', nickname: ' Tia ' },
} satisfies Record<PayeeCheckEvent['type'], PayeeCheckEvent>;

/**
 * The payee check with its calls parked: first asked, and asked again by its page with the number
 * kept after the page's own call found it no member's or the member's own.
 */
export const payeeCheckModel: FlowModel<typeof payeeCheckMachine> = {
  machine: parkInvokes(payeeCheckMachine, ['loadPayees', 'queryPayee', 'changeFavourite']),
  variants: [
    { name: 'first asked', input: { mobile: '' } },
    { name: 'asked again: the number is no member’s', input: { mobile: '921000003', problem: 'notFound' } },
    { name: 'asked again: the number is the member’s own', input: { mobile: '921000003', problem: 'isSelf' } },
  ],
  events: [
    ...Object.values(payeeCheckUserEvents),
    { type: 'mobile.changed', value: '12345' } as PayeeCheckEvent,
    doneEvent('loadPayees', { ok: true, data: samplePayees }),
    doneEvent('loadPayees', refusal('AGW50000')),
    errorEvent('loadPayees', new Error('network down')),
    doneEvent('changeFavourite', { ok: true, data: {} }),
    doneEvent('changeFavourite', refusal('PAY11002')),
    errorEvent('changeFavourite', new Error('network down')),
    doneEvent('queryPayee', { ok: true, data: samplePayee }),
    doneEvent('queryPayee', refusal('FND10005')),
    doneEvent('queryPayee', refusal('FND10006')),
    doneEvent('queryPayee', refusal('AGW10006')),
    errorEvent('queryPayee', new Error('network down')),
  ],
  // the facts the guards read
  serializeState: (snapshot) => {
    const c = snapshot.context;
    return JSON.stringify([snapshot.value, toNationalMobile(c.mobile) !== null, c.problem, c.payee !== null, c.payees.recent.length, c.favouriteError]);
  },
};
