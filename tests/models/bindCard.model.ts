import { bindCardMachine, cardNoComplete, cardNoMistyped, type BindCardEvent } from '../../machines/bindCard.machine.ts';
import { UNREACHABLE } from '../../machines/outcome.ts';
import { isNationalMobile } from '../../src/lib/phone.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';
import { sampleCard } from './withdrawal.model.ts';
import { codeEntryAnswering, codePhase, sampleCardCodeSent } from './codeEntry.model.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });

/** Ana's BAI debit card (simulator test card 6004000000000011) as checkCardBin shows it. */
export const sampleBin = { bin: '600400', bankCode: '0040', bankShort: 'BAI', bankName: 'Banco Angolano de Investimentos', cardType: 'debit' as const, bindable: true as const };
/** The bank found the card in the member's name: its answer names the holder. */
export const sampleSent = { ...sampleCardCodeSent, holderName: 'Ana M*** D***' };

export const bindCardUserEvents = {
  'cardNo.changed': { type: 'cardNo.changed', value: '6004 0000 0000 0011' },
  'cardNo.submitted': { type: 'cardNo.submitted' },
  'cardNo.edit': { type: 'cardNo.edit' },
  'mobile.changed': { type: 'mobile.changed', value: '923000001' },
  'mobile.submitted': { type: 'mobile.submitted' },
  'mobile.edit': { type: 'mobile.edit' },
  'bind.restarted': { type: 'bind.restarted' },
} satisfies Record<BindCardEvent['type'], BindCardEvent>;

/** A mobile for which the bank's first code is still being sent (for the model's other mobile it goes at once). */
const SLOW_MOBILE = '923000009';
const bindCardEvents: BindCardEvent[] = [
  ...Object.values(bindCardUserEvents),
  { type: 'cardNo.changed', value: '6004 0000' },
  { type: 'cardNo.changed', value: '6004 0000 0000 0012' },
  { type: 'mobile.changed', value: '12345' },
  { type: 'mobile.changed', value: SLOW_MOBILE },
];
// the mobile form's controls, on screen in the code step until the code went; "change the mobile" after
const FORM_EVENTS: BindCardEvent['type'][] = ['mobile.changed', 'cardNo.edit'];

const bindCardServerEvents = [
  doneEvent('checkBin', { ok: true, data: sampleBin }),
  doneEvent('checkBin', refusal('CRD10001')),
  doneEvent('checkBin', refusal('CRD10002')),
  doneEvent('checkBin', refusal('CRD10009')),
  doneEvent('checkBin', refusal('CRD10003')),
  doneEvent('checkBin', refusal('FND10004')),
  doneEvent('checkBin', refusal('AGW50000')),
  errorEvent('checkBin', new Error('network down')),
  doneEvent('codeEntry', { ok: true, data: { card: sampleCard } }),
  doneEvent('codeEntry', refusal('CRD10004')),
  doneEvent('codeEntry', refusal('CRD10003')),
  doneEvent('codeEntry', refusal('CRD10005')),
  doneEvent('codeEntry', refusal('CRD10006')),
  doneEvent('codeEntry', refusal('CRD10002')),
  doneEvent('codeEntry', refusal('FND10004')),
  doneEvent('codeEntry', refusal('AGW50000')),
  doneEvent('codeEntry', UNREACHABLE),
  errorEvent('codeEntry', new Error('child failed')),
];

/** The binding chart with its call parked; the code entry runs as the child, the bank's first code sent at once (or still under way), its outcome fed as `xstate.done.actor.codeEntry`. */
export const bindCardModel: FlowModel<typeof bindCardMachine> = {
  machine: parkInvokes(bindCardMachine, ['checkBin']).provide({
    actors: { codeEntry: codeEntryAnswering((request) => (request.mobile === SLOW_MOBILE ? null : sampleSent)) },
  }),
  variants: [{ name: 'a debit card', input: undefined }],
  // what the screen offers: in the code step, the mobile form until the code went, then the code entry
  events: (snapshot) => [
    ...bindCardEvents.filter((e) => {
      const phase = codePhase(snapshot as never);
      return phase === 'entering' ? !FORM_EVENTS.includes(e.type) : phase === 'sending' ? e.type !== 'mobile.edit' : true;
    }),
    ...bindCardServerEvents,
    // only what the chart takes there: an error event no state takes would end the real actor in error
  ].filter((e) => snapshot.can(e as never)),
  // the facts the guards read
  serializeState: (snapshot) => {
    const c = snapshot.context;
    const cardNo = !cardNoComplete(c.cardNo) ? 'incomplete' : cardNoMistyped(c.cardNo) ? 'mistyped' : 'ok';
    return JSON.stringify([snapshot.value, cardNo, isNationalMobile(c.mobile), c.mobile === SLOW_MOBILE, c.bin !== null, codePhase(snapshot as never)]);
  },
};
