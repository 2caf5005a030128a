import { fromPromise } from 'xstate';
import type { Outcome } from '../../services/contract/outcome.ts';
import { linkShareMachine, type LinkShareInput } from '../../machines/linkShare.machine.ts';
import { shareLink, type SharedVia } from '../lib/shareLink.ts';

/** Sharing one link: the share sheet, else the clipboard (src/lib/shareLink.ts). */
export const linkShareFlow = linkShareMachine.provide({
  actors: { shareLink: fromPromise<Outcome<{ via: SharedVia }>, LinkShareInput>(({ input }) => shareLink(input.url, input.title ?? '')) },
});
