import { invitationMachine, type InvitationEvent } from '../../machines/invitation.machine.ts';
import type { ReceivedInvitation } from '../../services/contract/invitation.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });

export const sampleReceived: ReceivedInvitation = {
  invitationId: '501', merchantName: 'Loja Demo', storeId: '31', storeName: 'Loja Central', storeAddress: 'Rua Rainha Ginga 12, Luanda',
  channel: 'mobile', allRecords: true, state: 'sent', expiresAt: '2026-03-17T08:00:00.000Z', answeredAt: null, answeredByYou: false,
};
const agreed = { ...sampleReceived, state: 'agreed' as const, answeredAt: '2026-03-14T09:00:00.000Z', answeredByYou: true };
export const samplePlace = { staffId: '77', storeId: '31', storeName: 'Loja Central', merchantName: 'Loja Demo', allRecords: true };

export const invitationUserEvents = {
  'list.retry': { type: 'list.retry' },
  'list.refresh': { type: 'list.refresh' },
  'invitation.open': { type: 'invitation.open', invitationId: '501' },
  'one.retry': { type: 'one.retry' },
  'invitation.agree': { type: 'invitation.agree' },
  'invitation.reject': { type: 'invitation.reject' },
  'reject.confirmed': { type: 'reject.confirmed' },
  'reject.cancelled': { type: 'reject.cancelled' },
} satisfies Record<InvitationEvent['type'], InvitationEvent>;

export const invitationModel: FlowModel<typeof invitationMachine> = {
  machine: parkInvokes(invitationMachine, ['loadPending', 'loadOne', 'respond']),
  variants: [
    { name: 'the pending list', input: {} },
    { name: 'a link', input: { token: `${'Tk9_-'.repeat(8)}abc` } },
  ],
  events: [
    ...Object.values(invitationUserEvents),
    doneEvent('loadPending', { ok: true, data: { invitations: [sampleReceived] } }),
    doneEvent('loadPending', { ok: true, data: { invitations: [] } }),
    doneEvent('loadPending', refusal('AGW50000')),
    errorEvent('loadPending', new Error('network down')),
    doneEvent('loadOne', { ok: true, data: { invitation: sampleReceived } }),
    doneEvent('loadOne', { ok: true, data: { invitation: agreed } }),
    doneEvent('loadOne', { ok: true, data: { invitation: { ...sampleReceived, state: 'rejected', answeredAt: '2026-03-14T09:00:00.000Z' } } }),
    doneEvent('loadOne', { ok: true, data: { invitation: { ...sampleReceived, state: 'expired' } } }),
    doneEvent('loadOne', { ok: true, data: { invitation: { ...sampleReceived, state: 'withdrawn', answeredAt: '2026-03-14T09:00:00.000Z' } } }),
    doneEvent('loadOne', refusal('STF10006')),
    errorEvent('loadOne', new Error('network down')),
    doneEvent('respond', { ok: true, data: { invitation: agreed, place: samplePlace } }),
    doneEvent('respond', { ok: true, data: { invitation: { ...agreed, state: 'rejected' }, place: null } }),
    doneEvent('respond', refusal('STF10007')),
    doneEvent('respond', refusal('STF10011')),
    doneEvent('respond', refusal('STF10001')),
    doneEvent('respond', refusal('STF10003')),
    doneEvent('respond', refusal('STF10004')),
    doneEvent('respond', refusal('STF10005')),
    doneEvent('respond', refusal('AGW50000')),
    errorEvent('respond', new Error('network down')),
  ],
  serializeState: (snapshot) => {
    const c = snapshot.context;
    return JSON.stringify([snapshot.value, c.invitations.length, c.invitation?.state ?? null, c.invitation?.answeredByYou ?? null, c.errorCode, !!c.place]);
  },
};
