import { bindCardMachine, cardNoComplete, cardNoMistyped, type BindCardEvent } from '../../machines/bindCard.machine.ts';
import { MOBILE_PATTERN } from '../../src/lib/phone.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';
import { sampleCard } from './withdrawal.model.ts';
import { parkedCodeEntry, sampleCardCodeSent } from './codeEntry.model.ts';

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

/** The binding chart with its calls parked; the code entry runs as the parked child whose outcome is fed as `xstate.done.actor.codeEntry`. */
export const bindCardModel: FlowModel<typeof bindCardMachine> = {
  machine: parkInvokes(bindCardMachine, ['checkBin', 'sendCode']).provide({ actors: { codeEntry: parkedCodeEntry } }),
  variants: [{ name: 'a debit card', input: undefined }],
  events: [
    ...Object.values(bindCardUserEvents),
    { type: 'cardNo.changed', value: '6004 0000' } as BindCardEvent,
    { type: 'cardNo.changed', value: '6004 0000 0000 0012' } as BindCardEvent,
    { type: 'mobile.changed', value: '12345' } as BindCardEvent,
    doneEvent('checkBin', { ok: true, data: sampleBin }),
    doneEvent('checkBin', refusal('CRD10001')),
    doneEvent('checkBin', refusal('CRD10002')),
    doneEvent('checkBin', refusal('CRD10009')),
    doneEvent('checkBin', refusal('CRD10003')),
    doneEvent('checkBin', refusal('FND10004')),
    doneEvent('checkBin', refusal('AGW50000')),
    errorEvent('checkBin', new Error('network down')),
    doneEvent('sendCode', { ok: true, data: sampleSent }),
    doneEvent('sendCode', refusal('CRD10004')),
    doneEvent('sendCode', refusal('CRD10003')),
    doneEvent('sendCode', refusal('CRD10005')),
    doneEvent('sendCode', refusal('CRD10006')),
    doneEvent('sendCode', refusal('COD10004', '42')),
    doneEvent('sendCode', refusal('COD10005')),
    doneEvent('sendCode', refusal('CRD10002')),
    doneEvent('sendCode', refusal('FND10004')),
    doneEvent('sendCode', refusal('AGW50000')),
    errorEvent('sendCode', new Error('network down')),
    doneEvent('codeEntry', { ok: true, data: { card: sampleCard } }),
    doneEvent('codeEntry', refusal('CRD10006')),
    errorEvent('codeEntry', new Error('child failed')),
  ],
  // the facts the guards read
  serializeState: (snapshot) => {
    const c = snapshot.context;
    const cardNo = !cardNoComplete(c.cardNo) ? 'incomplete' : cardNoMistyped(c.cardNo) ? 'mistyped' : 'ok';
    return JSON.stringify([snapshot.value, cardNo, MOBILE_PATTERN.test(c.mobile), c.bin !== null, c.sent !== null]);
  },
};
