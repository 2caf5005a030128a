import { setup, assign } from 'xstate';
import type { Outcome } from '../services/gateway.ts';
import { provided } from './outcome.ts';

/**
 * Session: whether someone is signed in, and the one place that handles a lost session.
 * Any call answered AGW20001 (gateway) or 1004 (legacy) sends `session.expired`: the message shows
 * for 2 s, the app waits 2 s more, then re-login happens one way: the native shell's authorize
 * function when the page runs in the iOS/Android app and it exists, else the user's login URL,
 * else a `TokenLose` message posted to the window for whoever embeds the page.
 * Logging out ends the session on the server too, then clears what the device stored.
 */
export interface SessionInput {
  signedIn: boolean;
  loginUrl: string | null;
  nativeAuthorizeAvailable: boolean;
}

export interface SessionContext {
  /** Whether a stored session existed when the app opened; read once by `starting`. */
  storedSessionAtStart: boolean;
  loginUrl: string | null;
  nativeAuthorizeAvailable: boolean;
}

export type SessionEvent =
  | { type: 'session.started'; loginUrl: string | null }
  | { type: 'session.expired' }
  | { type: 'session.logoutRequested' }
  | { type: 'session.acknowledged' };

export const sessionMachine = setup({
  types: {
    input: {} as SessionInput,
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    endServerSession: provided<Outcome<unknown>>('endServerSession'),
  },
  guards: {
    startsSignedIn: ({ context }) => context.storedSessionAtStart,
    canAuthorizeNatively: ({ context }) => context.nativeAuthorizeAvailable,
    hasLoginUrl: ({ context }) => !!context.loginUrl,
  },
  actions: {
    rememberLoginUrl: assign({
      loginUrl: ({ event, context }) => (event.type === 'session.started' ? event.loginUrl : context.loginUrl),
    }),
    // provided by the app shell: toasts, storage and navigation live outside the chart
    clearStoredItems: () => {},
    showExpiredMessage: () => {},
    callNativeAuthorize: () => {},
    goToLoginUrl: () => {},
    postTokenLose: () => {},
    goHome: () => {},
    // a new session's own loss must raise `session.expired` again
    rearmExpirySignal: () => {},
  },
  delays: {
    messageDuration: 2000,
    reloginDelay: 2000,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ storedSessionAtStart: input.signedIn, loginUrl: input.loginUrl, nativeAuthorizeAvailable: input.nativeAuthorizeAvailable }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'startsSignedIn', target: 'signedIn' }, { target: 'signedOut' }],
    },
    signedOut: {
      on: {
        'session.started': { target: 'signedIn', actions: ['rememberLoginUrl', 'rearmExpirySignal'] },
        // a call made with a token handed from outside (index/:token) can find it dead too
        'session.expired': { target: 'expired' },
      },
    },
    signedIn: {
      on: {
        'session.expired': { target: 'expired' },
        'session.logoutRequested': { target: 'loggingOut' },
      },
    },
    loggingOut: {
      tags: ['busy'],
      invoke: {
        id: 'endServerSession',
        src: 'endServerSession',
        // whatever the server says (even nothing), this device forgets the session
        onDone: { target: 'signedOut', actions: ['clearStoredItems', 'goHome'] },
        onError: { target: 'signedOut', actions: ['clearStoredItems', 'goHome'] },
      },
    },
    expired: {
      entry: 'clearStoredItems',
      initial: 'showingMessage',
      on: {
        'session.started': { target: 'signedIn', actions: ['rememberLoginUrl', 'rearmExpirySignal'] },
      },
      states: {
        showingMessage: {
          entry: 'showExpiredMessage',
          after: { messageDuration: { target: 'waiting' } },
        },
        waiting: {
          after: { reloginDelay: { target: 'choosingReLogin' } },
        },
        choosingReLogin: {
          always: [
            { guard: 'canAuthorizeNatively', target: 'authorizingNatively' },
            { guard: 'hasLoginUrl', target: 'redirectingToLogin' },
            { target: 'tokenLost' },
          ],
        },
        authorizingNatively: { entry: 'callNativeAuthorize' },
        redirectingToLogin: { entry: 'goToLoginUrl' },
        tokenLost: {
          entry: 'postTokenLose',
          on: { 'session.acknowledged': { target: '#session.signedOut', actions: 'goHome' } },
        },
      },
    },
  },
});
