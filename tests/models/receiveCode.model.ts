import { receiveCodeMachine, type CodeImage, type ReceiveCodeEvent } from '../../machines/receiveCode.machine.ts';
import { encodePersonalCode } from '../../services/emvco.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';

const refusal = (code: string) => ({ ok: false, code, message: code, detail: '' });

export const sampleToken = 'Qm9vLXRva2VuLXJlY2Vpdm';
export const sampleStanding = { token: sampleToken, payload: encodePersonalCode({ token: sampleToken, maskedName: 'Ana M*** D***' }), maskedName: 'Ana M*** D***' };
const renewedToken = 'UmVuZXdlZC10b2tlbi0wMD';
export const sampleRenewed = { token: renewedToken, payload: encodePersonalCode({ token: renewedToken, maskedName: 'Ana M*** D***' }), maskedName: 'Ana M*** D***' };
const oneTimeToken = 'T25lLXRpbWUtdG9rZW4tMD';
export const sampleOneTime = {
  token: oneTimeToken, payload: encodePersonalCode({ token: oneTimeToken, maskedName: 'Ana M*** D***', amountCents: 250_000, note: '2 kg de peixe' }),
  maskedName: 'Ana M*** D***', amount: 250_000, note: '2 kg de peixe', expiresAt: '2026-11-28T09:00:00.000Z',
};
export const sampleImage: CodeImage = { payload: sampleStanding.payload, title: 'Pague-me com Kwanza', lines: ['Ana M*** D***'], fileName: 'codigo-receber.png' };

export const receiveCodeEvents = {
  'code.retry': { type: 'code.retry' },
  'image.save': { type: 'image.save', image: sampleImage },
  'code.print': { type: 'code.print' },
  'renewal.asked': { type: 'renewal.asked' },
  'renewal.confirmed': { type: 'renewal.confirmed' },
  'renewal.cancelled': { type: 'renewal.cancelled' },
  'oneTime.started': { type: 'oneTime.started' },
  'amount.changed': { type: 'amount.changed', value: '2500' },
  'note.changed': { type: 'note.changed', value: '2 kg de peixe' },
  'oneTime.submitted': { type: 'oneTime.submitted' },
  'oneTime.cancelled': { type: 'oneTime.cancelled' },
  'oneTime.closed': { type: 'oneTime.closed' },
} satisfies Record<ReceiveCodeEvent['type'], ReceiveCodeEvent>;

export const receiveCodeResults = {
  loaded: doneEvent('loadCode', { ok: true, data: sampleStanding }),
  notVerified: doneEvent('loadCode', refusal('RCV10001')),
  company: doneEvent('loadCode', refusal('RCV10002')),
  loadRefused: doneEvent('loadCode', refusal('AGW50000')),
  loadUnreachable: errorEvent('loadCode', new Error('network down')),
  renewed: doneEvent('renewCode', { ok: true, data: sampleRenewed }),
  renewRefused: doneEvent('renewCode', refusal('AGW50000')),
  renewUnreachable: errorEvent('renewCode', new Error('network down')),
  made: doneEvent('makeOneTimeCode', { ok: true, data: sampleOneTime }),
  tooMany: doneEvent('makeOneTimeCode', refusal('RCV10007')),
  makeUnreachable: errorEvent('makeOneTimeCode', new Error('network down')),
  savedSheet: doneEvent('saveImage', { ok: true, data: { via: 'sheet' } }),
  aborted: doneEvent('saveImage', refusal('aborted')),
  unavailable: doneEvent('saveImage', refusal('unavailable')),
  saveThrown: errorEvent('saveImage', new Error('canvas failed')),
};

export const receiveCodeModel: FlowModel<typeof receiveCodeMachine> = {
  machine: parkInvokes(receiveCodeMachine, ['loadCode', 'renewCode', 'makeOneTimeCode', 'saveImage']),
  variants: [{ name: 'pt', input: { language: 'pt' } }],
  events: [...Object.values(receiveCodeEvents), { type: 'amount.changed', value: '0' } as ReceiveCodeEvent, ...Object.values(receiveCodeResults)],
  serializeState: (snapshot) => {
    const c = snapshot.context;
    return JSON.stringify([snapshot.value, c.amountText, c.oneTime !== null, c.standing?.token ?? null]);
  },
};
