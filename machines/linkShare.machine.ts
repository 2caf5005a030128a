import { setup } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { SharedVia } from '../src/lib/shareLink.ts';
import { announceAnswer, provided, type AnswerEvent } from './outcome.ts';
import { viaClipboard } from './sharing.ts';

/**
 * Sharing one link (a store's share page, README "Share pages"; a coupon's claim link and a group
 * package's page from the owner's lists): the device's share sheet, else the clipboard
 * (src/lib/shareLink.ts); shared, copied (the link shown), closed by the person (nothing to say),
 * or neither available (the link shown to copy by hand). A page's own button asks for it
 * (`link.share`); a list invokes it for the line whose "Share" was pressed, sharing at once.
 */
export interface LinkShareInput {
  /** The link; a list gives its path on this site, and its flow module's `shareLink` makes it whole. */
  url: string;
  /** The share sheet's title; a list's flow module gives its own. */
  title?: string;
  /** Invoked for a line whose "Share" was pressed: the sharing starts at once. */
  atOnce?: boolean;
}

export type LinkShareEvent = { type: 'link.share' };

export const linkShareMachine = setup({
  types: {
    input: {} as LinkShareInput,
    context: {} as LinkShareInput,
    events: {} as LinkShareEvent | AnswerEvent,
  },
  actors: {
    shareLink: provided<Outcome<{ via: SharedVia }>, LinkShareInput>('shareLink'),
  },
  guards: {
    viaClipboard,
    askedAtOnce: ({ context }) => context.atOnce === true,
  },
  actions: {
    announceAnswer: announceAnswer<LinkShareInput, LinkShareEvent | AnswerEvent>(),
  },
}).createMachine({
  id: 'linkShare',
  context: ({ input }) => input,
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'askedAtOnce', target: 'sharing' }, { target: 'idle' }] },
    idle: { on: { 'link.share': 'sharing' } },
    sharing: {
      tags: ['busy'],
      invoke: {
        id: 'shareLink',
        src: 'shareLink',
        input: ({ context }) => context,
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'unavailable' },
      },
      on: {
        'shareLink.ok': [{ guard: 'viaClipboard', target: 'copied' }, { target: 'shared' }],
        'shareLink.refused.aborted': { target: 'idle' },
        'shareLink.refused.*': { target: 'unavailable' },
      },
    },
    shared: { on: { 'link.share': 'sharing' } },
    copied: { on: { 'link.share': 'sharing' } },
    unavailable: { on: { 'link.share': 'sharing' } },
  },
});
