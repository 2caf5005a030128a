import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import { provided } from './outcome.ts';

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
    events: {} as DocumentEvent,
  },
  actors: {
    loadDocument: provided<Outcome<unknown>, DocumentInput>('loadDocument'),
  },
  guards: {
    isLoaded: ({ event }) => (event as unknown as { output: Outcome<unknown> }).output.ok,
  },
  actions: {
    keepDocument: assign({
      document: ({ event }) => {
        const output = (event as unknown as { output: Outcome<unknown> }).output;
        return output.ok ? output.data : null;
      },
      errorCode: null,
    }),
    keepErrorCode: assign({
      errorCode: ({ event }) => {
        const output = (event as unknown as { output: Outcome<unknown> }).output;
        return output.ok ? null : output.code;
      },
    }),
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
        onDone: [
          { guard: 'isLoaded', target: 'ready', actions: 'keepDocument' },
          { target: 'unavailable', actions: 'keepErrorCode' },
        ],
        onError: { target: 'failed' },
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
