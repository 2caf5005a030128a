import { fromPromise } from 'xstate';
import { videoMachine } from '../../machines/video.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';
import type { Outcome } from '../../services/contract/outcome.ts';
import type { HelpVideo } from '../../services/contract/video.ts';

/** A help video's words, poster, renditions and captions in the page's language (common/content/getVideo). */
export const videoActors = {
  loadVideo: fromPromise<Outcome<HelpVideo>, { id: string; language: string }>(({ input }) =>
    requestGateway('common/content/getVideo', { id: input.id, language: input.language as 'pt' }, { quiet: true })),
} satisfies ActorsOf<typeof videoMachine>;

export const videoFlow = videoMachine.provide({ actors: videoActors });
