import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { HelpVideo, VideoRendition } from '../services/contract/video.ts';
import { announceAnswer, answerCode, answerData, provided, type AnswerEvent } from './outcome.ts';

/**
 * A help video's page (`/app/video/:id`, issue 25), light on slow networks: the video's words and
 * poster load first, and the video itself only when the person taps "watch" (the player is made
 * then, with `preload="none"` before). The network the screen reads (Save-Data, the connection's
 * effective type) chooses what shows first: on most networks the poster of the full rendition; with
 * Save-Data or on 2g, the light rendition's; on slow-2g, or where the browser cannot play the
 * video, the steps as text — with "watch anyway" when it can. A video that fails to play shows the
 * steps too, with "try again".
 */
export interface VideoNetwork {
  /** The browser's Save-Data (navigator.connection.saveData). */
  saveData: boolean;
  /** navigator.connection.effectiveType: 'slow-2g', '2g', '3g', '4g', or null where the browser does not say. */
  effectiveType: string | null;
}

export interface VideoInput {
  id: string;
  language: string;
  network: VideoNetwork;
  /** Whether this browser can play the video's format (`canPlayType`). */
  playable: boolean;
}

export interface VideoContext extends VideoInput {
  video: HelpVideo | null;
  rendition: VideoRendition;
  errorCode: string | null;
}

export type VideoEvent =
  | { type: 'video.watch' }
  | { type: 'video.ended' }
  | { type: 'video.failed' }
  | { type: 'video.stepsShown' }
  | { type: 'video.renditionChosen'; rendition: VideoRendition }
  | { type: 'video.retry' }
  | { type: 'video.languageChanged'; language: string };

const slow = (network: VideoNetwork) => network.saveData || network.effectiveType === '2g' || network.effectiveType === 'slow-2g';
const hasRendition = (video: HelpVideo | null, rendition: VideoRendition) => !!video?.sources.some((source) => source.rendition === rendition);
/** The rendition a network starts with: light when it is slow (or when there is no full one). */
const renditionFor = (video: HelpVideo | null, network: VideoNetwork): VideoRendition =>
  (slow(network) || !hasRendition(video, 'full')) && hasRendition(video, 'light') ? 'light' : 'full';

export const videoMachine = setup({
  types: { input: {} as VideoInput, context: {} as VideoContext, events: {} as VideoEvent | AnswerEvent },
  actors: {
    loadVideo: provided<Outcome<HelpVideo>, { id: string; language: string }>('loadVideo'),
  },
  guards: {
    // nothing this browser can play (no rendition stored, or a format it does not know): the steps as text
    cannotPlay: ({ context, event }) => !context.playable || answerData<HelpVideo>(event).sources.length === 0,
    // slow-2g: even the light rendition takes long; the steps first, the video on request
    verySlow: ({ context }) => context.network.effectiveType === 'slow-2g',
    canPlay: ({ context }) => context.playable && !!context.video && context.video.sources.length > 0,
    renditionExists: ({ context, event }) => event.type === 'video.renditionChosen' && hasRendition(context.video, event.rendition),
  },
  actions: {
    announceAnswer: announceAnswer<VideoContext, VideoEvent | AnswerEvent>(),
    keepVideo: assign(({ context, event }) => {
      const video = answerData<HelpVideo>(event);
      return { video, rendition: renditionFor(video, context.network), errorCode: null };
    }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    chooseRendition: assign({ rendition: ({ event, context }) => (event.type === 'video.renditionChosen' ? event.rendition : context.rendition) }),
    switchLanguage: assign({ language: ({ event, context }) => (event.type === 'video.languageChanged' ? event.language : context.language) }),
  },
}).createMachine({
  id: 'video',
  context: ({ input }) => ({ ...input, video: null, rendition: 'full', errorCode: null }),
  initial: 'loading',
  on: {
    'video.languageChanged': { target: '.loading', actions: 'switchLanguage' },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadVideo',
        src: 'loadVideo',
        input: ({ context }) => ({ id: context.id, language: context.language }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'failed' },
      },
      on: {
        'loadVideo.ok': [
          { guard: 'cannotPlay', target: 'steps', actions: 'keepVideo' },
          { guard: 'verySlow', target: 'steps', actions: 'keepVideo' },
          { target: 'poster', actions: 'keepVideo' },
        ],
        'loadVideo.refused.*': { target: 'unavailable', actions: 'keepRefusal' },
      },
    },
    // the poster and "watch": nothing of the video is fetched until the tap
    poster: {
      on: {
        'video.watch': { target: 'playing' },
        'video.stepsShown': { target: 'steps' },
        'video.renditionChosen': { guard: 'renditionExists', actions: 'chooseRendition' },
      },
    },
    playing: {
      on: {
        'video.ended': { target: 'ended' },
        'video.failed': { target: 'playbackFailed' },
        'video.stepsShown': { target: 'steps' },
      },
    },
    ended: { on: { 'video.watch': { target: 'playing' }, 'video.stepsShown': { target: 'steps' } } },
    // the steps as text: on a very slow network, where the video cannot play, or asked for
    steps: { on: { 'video.watch': { guard: 'canPlay', target: 'playing' } } },
    // the video did not play (network, decoder): the steps, and another try
    playbackFailed: { tags: ['error'], on: { 'video.watch': { target: 'playing' } } },
    // no such video
    unavailable: { tags: ['error'] },
    failed: { tags: ['error'], on: { 'video.retry': { target: 'loading' } } },
  },
});
