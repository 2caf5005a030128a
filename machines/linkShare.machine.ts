import { setup } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { SharedVia } from '../src/lib/shareLink.ts';
import { announceAnswer, provided, type AnswerEvent } from './outcome.ts';
import { viaClipboard } from './sharing.ts';

/**
 * Sharing one link (a store's share page, README "Share pages"): the device's share sheet, else the
 * clipboard (src/lib/shareLink.ts); shared, copied (the link shown), closed by the person (nothing
 * to say), or neither available (the link shown to copy by hand).
 */
export interface LinkShareInput {
  url: string;
  title: string;
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
  },
  actions: {
    announceAnswer: announceAnswer<LinkShareInput, LinkShareEvent | AnswerEvent>(),
  },
}).createMachine({
  id: 'linkShare',
  context: ({ input }) => input,
  initial: 'idle',
  states: {
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
