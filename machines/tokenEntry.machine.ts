import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { MemberProfile } from '../services/contract/session.ts';
import { announceAnswer, answerCode, answerData, provided, type AnswerEvent } from './outcome.ts';

/**
 * Token entry (`index/:token`): a native app or an operator opens the wallet with a login token in
 * the address. The token is checked with the server; a good one becomes the member's session and
 * the home screen opens. A dead token never answers here: the server says AGW20001 and the session
 * chart takes the user to re-login.
 */
export interface TokenEntryInput {
  token: string;
}

export interface TokenEntryContext {
  token: string;
  profile: MemberProfile | null;
  errorCode: string | null;
}

export type TokenEntryEvent = { type: 'entry.retry' };

export const tokenEntryMachine = setup({
  types: {
    input: {} as TokenEntryInput,
    context: {} as TokenEntryContext,
    events: {} as TokenEntryEvent | AnswerEvent,
  },
  actors: {
    checkAuthToken: provided<Outcome<MemberProfile>, { token: string }>('checkAuthToken'),
  },
  guards: {
    tokenLooksValid: ({ context }) => /^[A-Za-z0-9_-]{16,256}$/.test(context.token),
  },
  actions: {
    announceAnswer: announceAnswer<TokenEntryContext, TokenEntryEvent | AnswerEvent>(),
    keepProfile: assign({ profile: ({ event }) => answerData<MemberProfile>(event) }),
    keepErrorCode: assign({ errorCode: ({ event }) => answerCode(event) }),
    // provided by the screen: stores the session and tells the session chart
    startSession: () => {},
    goHome: () => {},
  },
}).createMachine({
  id: 'tokenEntry',
  context: ({ input }) => ({ token: input.token, profile: null, errorCode: null }),
  initial: 'inspecting',
  states: {
    inspecting: {
      always: [{ guard: 'tokenLooksValid', target: 'checking' }, { target: 'malformed' }],
    },
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'checkAuthToken',
        src: 'checkAuthToken',
        input: ({ context }) => ({ token: context.token }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'unreachable' },
      },
      on: {
        'checkAuthToken.ok': { target: 'accepted', actions: 'keepProfile' },
        'checkAuthToken.refused.*': { target: 'refused', actions: 'keepErrorCode' },
      },
    },
    accepted: {
      entry: ['startSession', 'goHome'],
      type: 'final',
    },
    // the address does not hold a token at all: nothing to send to the server
    malformed: { tags: ['error'] },
    refused: { tags: ['error'] },
    unreachable: {
      tags: ['error'],
      on: { 'entry.retry': { target: 'checking' } },
    },
  },
});
