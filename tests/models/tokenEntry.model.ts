import { tokenEntryMachine, type TokenEntryEvent } from '../../machines/tokenEntry.machine.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';

export const tokenEntryEvents = {
  'entry.retry': { type: 'entry.retry' },
} satisfies Record<TokenEntryEvent['type'], TokenEntryEvent>;

export const sampleProfile = { memberId: '1', memberType: 'individual', displayName: 'Ana Demo', mobile: '+244923000001', email: null, language: 'pt' };

export const tokenEntryResults = {
  accepted: doneEvent('checkAuthToken', { ok: true, data: sampleProfile }),
  refused: doneEvent('checkAuthToken', { ok: false, code: 'AGW10005', message: 'forbidden', detail: '' }),
  unreachable: errorEvent('checkAuthToken', new Error('network down')),
};

export const tokenEntryModel: FlowModel<typeof tokenEntryMachine> = {
  machine: parkInvokes(tokenEntryMachine, ['checkAuthToken']),
  variants: [
    { name: 'well-formed token', input: { token: 'aVeryLongOpaqueToken_0123456789' } },
    { name: 'garbage in the address', input: { token: 'x<script>' } },
  ],
  events: [...Object.values(tokenEntryEvents), ...Object.values(tokenEntryResults)],
  serializeState: (snapshot) => JSON.stringify(snapshot.value),
};
