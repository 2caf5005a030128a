import { staffInvitationMachine, type StaffInvitationEvent } from '../../machines/staffInvitation.machine.ts';
import type { SentInvitation } from '../../services/contract/staffInvitation.ts';
import { afterEvent, doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });

export const sampleInviteStores = [
  { storeId: '31', name: 'Loja Central', merchantName: 'Loja Demo' },
  { storeId: '32', name: 'Quiosque do Mercado', merchantName: 'Loja Demo' },
];
export const sampleSentInvitation: SentInvitation = {
  invitationId: '501', storeId: '31', storeName: 'Loja Central', channel: 'mobile', contact: '+244923456456', allRecords: false,
  state: 'sent', createdAt: '2026-03-14T08:00:00.000Z', expiresAt: '2026-03-17T08:00:00.000Z', answeredAt: null,
};
export const sampleQrLink = `https://carteira.example.ao/app/invitation/${'Qr9_-'.repeat(8)}abc`;
export const sampleQrInvitation: SentInvitation = { ...sampleSentInvitation, invitationId: '503', channel: 'qr', contact: null };
const agreedInvitation: SentInvitation = { ...sampleSentInvitation, invitationId: '499', channel: 'qr', contact: null, state: 'agreed', answeredAt: '2026-03-13T09:00:00.000Z' };

export const staffInvitationUserEvents = {
  'load.retry': { type: 'load.retry' },
  'list.refresh': { type: 'list.refresh' },
  'store.chosen': { type: 'store.chosen', storeId: '31' },
  'channel.chosen': { type: 'channel.chosen', channel: 'qr' },
  'contact.changed': { type: 'contact.changed', value: '923 456 456' },
  'allRecords.changed': { type: 'allRecords.changed', value: true },
  'invite.submitted': { type: 'invite.submitted' },
  'invite.retry': { type: 'invite.retry' },
  'invite.edit': { type: 'invite.edit' },
  'invite.another': { type: 'invite.another' },
  'invitation.withdraw': { type: 'invitation.withdraw', invitationId: '501' },
  'withdraw.confirmed': { type: 'withdraw.confirmed' },
  'withdraw.cancelled': { type: 'withdraw.cancelled' },
} satisfies Record<StaffInvitationEvent['type'], StaffInvitationEvent>;

export const staffInvitationModel: FlowModel<typeof staffInvitationMachine> = {
  machine: parkInvokes(staffInvitationMachine, ['load', 'invite', 'withdraw', 'checkInvitation']),
  variants: [{ name: 'a merchant', input: undefined }],
  events: [
    ...Object.values(staffInvitationUserEvents),
    { type: 'channel.chosen', channel: 'mobile' } as StaffInvitationEvent,
    doneEvent('load', { ok: true, data: { stores: sampleInviteStores, invitations: [sampleSentInvitation, agreedInvitation] } }),
    doneEvent('load', refusal('MCH10003')),
    doneEvent('load', refusal('STF10010')),
    doneEvent('load', refusal('AGW50000')),
    errorEvent('load', new Error('network down')),
    doneEvent('invite', { ok: true, data: { invitation: { ...sampleSentInvitation, invitationId: '502' }, link: null } }),
    doneEvent('invite', { ok: true, data: { invitation: sampleQrInvitation, link: sampleQrLink } }),
    doneEvent('invite', refusal('STF10001', 'staff')),
    doneEvent('invite', refusal('STF10001', 'invited')),
    doneEvent('invite', refusal('STF10002')),
    doneEvent('invite', refusal('MCH10005')),
    errorEvent('invite', new Error('network down')),
    doneEvent('withdraw', { ok: true, data: { invitation: { ...sampleSentInvitation, state: 'withdrawn', answeredAt: '2026-03-14T09:00:00.000Z' } } }),
    doneEvent('withdraw', refusal('STF10005')),
    errorEvent('withdraw', new Error('network down')),
    // the QR invitation followed while its code is shown
    afterEvent('pollInterval', 'staffInvitation.sent.waiting'),
    afterEvent('pollInterval', 'staffInvitation.sent.trouble'),
    doneEvent('checkInvitation', { ok: true, data: { invitation: sampleQrInvitation } }),
    doneEvent('checkInvitation', { ok: true, data: { invitation: { ...sampleQrInvitation, state: 'agreed', answeredAt: '2026-03-14T08:05:00.000Z' } } }),
    doneEvent('checkInvitation', { ok: true, data: { invitation: { ...sampleQrInvitation, state: 'rejected', answeredAt: '2026-03-14T08:05:00.000Z' } } }),
    doneEvent('checkInvitation', refusal('STF10006')),
    errorEvent('checkInvitation', new Error('network down')),
  ],
  // what changes a path: the form's validity, not its every value (kept small enough to walk)
  serializeState: (snapshot) => {
    const c = snapshot.context;
    const pending = c.invitations.some((i) => i.state === 'sent');
    return JSON.stringify([snapshot.value, c.storeId !== '', c.channel, c.contact !== '', c.problem, pending, c.errorDetail, !!c.sent?.link]);
  },
};
