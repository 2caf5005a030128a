import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import { announceAnswer, answerCode, answerData, provided, type AnswerEvent } from './outcome.ts';

/**
 * Document: loads one piece of server content (an agreement, a help page, a notice) and shows it,
 * a not-found message, or a retry after a network failure.
 */
export interface DocumentInput {
  /** What to load: an agreement/help slug or a notice id, in the wanted language. */
  key: string;
  language: string;
}

export interface DocumentContext<T> extends DocumentInput {
  document: T | null;
  errorCode: string | null;
}

export type DocumentEvent = { type: 'document.retry' } | { type: 'document.languageChanged'; language: string };

export const documentMachine = setup({
  types: {
    input: {} as DocumentInput,
    context: {} as DocumentContext<unknown>,
    events: {} as DocumentEvent | AnswerEvent,
  },
  actors: {
    loadDocument: provided<Outcome<unknown>, DocumentInput>('loadDocument'),
  },
  actions: {
    announceAnswer: announceAnswer<DocumentContext<unknown>, DocumentEvent | AnswerEvent>(),
    keepDocument: assign({ document: ({ event }) => answerData<unknown>(event), errorCode: null }),
    keepErrorCode: assign({ errorCode: ({ event }) => answerCode(event) }),
    switchLanguage: assign({
      language: ({ event, context }) => (event.type === 'document.languageChanged' ? event.language : context.language),
    }),
  },
}).createMachine({
  id: 'document',
  context: ({ input }) => ({ ...input, document: null, errorCode: null }),
  initial: 'loading',
  on: {
    'document.languageChanged': { target: '.loading', actions: 'switchLanguage' },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadDocument',
        src: 'loadDocument',
        input: ({ context }) => ({ key: context.key, language: context.language }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'failed' },
      },
      on: {
        'loadDocument.ok': { target: 'ready', actions: 'keepDocument' },
        'loadDocument.refused.*': { target: 'unavailable', actions: 'keepErrorCode' },
      },
    },
    ready: {},
    // the server answered with a refusal (not found): retrying would give the same answer
    unavailable: { tags: ['error'] },
    failed: {
      tags: ['error'],
      on: { 'document.retry': { target: 'loading' } },
    },
  },
});
