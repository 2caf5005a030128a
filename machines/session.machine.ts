import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import { provided } from './outcome.ts';
import { storedSessionGuards, type StoredSessionAtStart } from './storedSession.ts';

/**
 * Session: whether someone is signed in, and the one place that sends them to sign in. A signed-in
 * page opened without a session (`session.required`) goes straight to signing in, with no message.
 * A session lost on the way (any call answered AGW20001 or 1004: `session.expired`) hides the page
 * at once and says so for 2 s, the app waits 2 s more, then signing in happens one way: the native
 * shell's authorize function when the page runs in the iOS/Android app and it exists, else the
 * user's login URL (a partner's, handed in with the token), else, in the native shell, a `TokenLose`
 * message posted to the window (with a way on to the login page), else the app's own login page.
 * The login page is given the page the person was on, to come back to once signed in.
 * Logging out ends the session on the server too, then clears what the device stored.
 */
export interface SessionInput {
  signedIn: boolean;
  loginUrl: string | null;
  nativeAuthorizeAvailable: boolean;
  /** The page runs in the iOS/Android app's webview (its user agent says so). */
  inNativeShell: boolean;
}

export interface SessionContext extends StoredSessionAtStart {
  loginUrl: string | null;
  nativeAuthorizeAvailable: boolean;
  inNativeShell: boolean;
  /**
   * The page to come back to once signed in, as the app was on it; the login page takes it only if
   * it is a page of the app (`safeAppReturnTo`, the route table's rule for `returnTo`), else goes home.
   */
  returnTo: string | null;
}

export type SessionEvent =
  | { type: 'session.started'; loginUrl: string | null }
  | { type: 'session.required'; returnTo: string }
  | { type: 'session.expired'; returnTo: string }
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
    // a member's session stored when the app opened (read once, by `starting`)
    ...storedSessionGuards,
    canAuthorizeNatively: ({ context }) => context.nativeAuthorizeAvailable,
    hasLoginUrl: ({ context }) => !!context.loginUrl,
    // an app shell without the authorize function listens for TokenLose instead
    isInNativeShell: ({ context }) => context.inNativeShell,
  },
  actions: {
    rememberLoginUrl: assign({
      loginUrl: ({ event, context }) => (event.type === 'session.started' ? event.loginUrl : context.loginUrl),
    }),
    rememberReturnTo: assign({
      returnTo: ({ event, context }) => (event.type === 'session.required' || event.type === 'session.expired' ? event.returnTo : context.returnTo),
    }),
    // provided by the app shell: toasts, storage and navigation live outside the chart
    clearStoredItems: () => {},
    callNativeAuthorize: () => {},
    goToLoginUrl: () => {},
    postTokenLose: () => {},
    goToLoginPage: () => {},
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
  context: ({ input }) => ({
    storedSessionAtStart: input.signedIn,
    loginUrl: input.loginUrl,
    nativeAuthorizeAvailable: input.nativeAuthorizeAvailable,
    inNativeShell: input.inNativeShell,
    returnTo: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'storedSessionAtStart', target: 'signedIn' }, { target: 'signedOut' }],
    },
    signedOut: {
      on: {
        'session.started': { target: 'signedIn', actions: ['rememberLoginUrl', 'rearmExpirySignal'] },
        'session.required': { target: 'signingIn', actions: 'rememberReturnTo' },
        // never signed in here (or a token handed from outside, index/:token, found dead): nothing ended that the person knew of
        'session.expired': { target: 'signingIn', actions: 'rememberReturnTo' },
      },
    },
    signedIn: {
      tags: ['signedIn'],
      on: {
        'session.expired': { target: 'expired', actions: 'rememberReturnTo' },
        'session.logoutRequested': { target: 'loggingOut' },
      },
    },
    loggingOut: {
      tags: ['busy', 'signedIn'],
      invoke: {
        id: 'endServerSession',
        src: 'endServerSession',
        // whatever the server says (even nothing), this device forgets the session
        onDone: { target: 'signedOut', actions: ['clearStoredItems', 'goHome'] },
        onError: { target: 'signedOut', actions: ['clearStoredItems', 'goHome'] },
      },
    },
    // `covered`: the page is hidden under the session's cover (nothing of a signed-in page readable)
    expired: {
      tags: ['covered'],
      entry: 'clearStoredItems',
      initial: 'showingMessage',
      on: {
        'session.started': { target: 'signedIn', actions: ['rememberLoginUrl', 'rearmExpirySignal'] },
      },
      states: {
        // the message is the cover's (screens/session/SessionCover.tsx), an alert dialog, for 2 s
        showingMessage: {
          after: { messageDuration: { target: 'waiting' } },
        },
        waiting: {
          after: { reloginDelay: { target: '#session.signingIn' } },
        },
      },
    },
    signingIn: {
      initial: 'choosingReLogin',
      on: {
        'session.started': { target: 'signedIn', actions: ['rememberLoginUrl', 'rearmExpirySignal'] },
        // another signed-in page opened meanwhile (Back, a link): signing in is asked for again, for it
        'session.required': { target: '.choosingReLogin', actions: 'rememberReturnTo' },
      },
      states: {
        choosingReLogin: {
          always: [
            { guard: 'canAuthorizeNatively', target: 'authorizingNatively' },
            { guard: 'hasLoginUrl', target: 'redirectingToLoginUrl' },
            { guard: 'isInNativeShell', target: 'tokenLost' },
            { target: 'atLoginPage' },
          ],
        },
        authorizingNatively: { tags: ['covered'], entry: 'callNativeAuthorize' },
        redirectingToLoginUrl: { tags: ['covered'], entry: 'goToLoginUrl' },
        tokenLost: {
          tags: ['covered'],
          entry: 'postTokenLose',
          on: { 'session.acknowledged': { target: 'atLoginPage' } },
        },
        atLoginPage: { entry: 'goToLoginPage' },
      },
    },
  },
});
