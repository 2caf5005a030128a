import { linkShareMachine, type LinkShareEvent, type LinkShareInput } from '../../machines/linkShare.machine.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';

const refusal = (code: string) => ({ ok: false, code, message: code, detail: '' });

export const linkShareEvents = { share: { type: 'link.share' } } satisfies Record<string, LinkShareEvent>;

export const linkShareResults = {
  sheet: doneEvent('shareLink', { ok: true, data: { via: 'sheet' } }),
  clipboard: doneEvent('shareLink', { ok: true, data: { via: 'clipboard' } }),
  aborted: doneEvent('shareLink', refusal('aborted')),
  unavailable: doneEvent('shareLink', refusal('unavailable')),
  thrown: errorEvent('shareLink', new Error('share failed')),
};

export const linkShareModel: FlowModel<typeof linkShareMachine> = {
  machine: parkInvokes(linkShareMachine, ['shareLink']),
  variants: [
    { name: 'a store’s link', input: { url: 'https://carteira.example.ao/s/store/12', title: 'Loja Central' } },
    // a list's line (a coupon's claim link, a package's page) whose "Share" was pressed
    { name: 'a list’s line, at once', input: { url: '/s/group/31/41', atOnce: true } },
  ],
  events: [...Object.values(linkShareEvents), ...Object.values(linkShareResults)],
  serializeState: (snapshot) => JSON.stringify(snapshot.value),
};

/**
 * The share as a list invokes it for a line whose "Share" was pressed: at once, and never asked
 * again from within (pressing "Share" again is the list's own event, a new share).
 */
export const listLineShareModel: FlowModel<typeof linkShareMachine> = {
  ...linkShareModel,
  variants: linkShareModel.variants.filter((v) => (v.input as LinkShareInput).atOnce),
  events: Object.values(linkShareResults),
};
