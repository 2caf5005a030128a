import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import { PLATFORM_CODES } from '../services/contract/answerCodes.ts';
import { safePlatformReturnTo } from '../services/contract/platformReturnTo.ts';
import { announceAnswer, answerCode, answerData, provided, type AnswerEvent } from './outcome.ts';
import { storedSessionGuards, type StoredSessionAtStart } from './storedSession.ts';

/**
 * An operator's sign-in to the platform area (`/plateform/`, sic). The sign-in page sends the browser
 * to single sign-on (`/sso/login`); the server comes back to this page with a one-time hand-off code
 * (or an `ssoError`). The page takes both out of the address before this chart starts (XState starts
 * an initial invoke before the initial state's entry actions), and the chart redeems the code for the
 * operator's token. A signed-in operator goes on to where the sign-in started (a `/plateform/` page).
 */
export interface OperatorSignInInput {
  handoff: string | null;
  returnTo: string | null;
  ssoError: string | null;
  /** Whether an operator token is already stored on this device. */
  signedIn: boolean;
}

export interface Operator {
  id: string;
  name: string;
  email: string | null;
}

export interface OperatorSignInContext extends StoredSessionAtStart {
  handoff: string | null;
  returnTo: string;
  token: string | null;
  operator: Operator | null;
  errorCode: string | null;
}

export type OperatorSignInEvent = { type: 'signIn.requested' } | { type: 'signIn.retry' };

export interface Redemption {
  token: string;
  expiresAt: string;
  operator: Operator;
}

const KNOWN_SSO_ERRORS: readonly string[] = Object.values(PLATFORM_CODES);

export const operatorSignInMachine = setup({
  types: {
    input: {} as OperatorSignInInput,
    context: {} as OperatorSignInContext,
    events: {} as OperatorSignInEvent | AnswerEvent,
  },
  actors: {
    redeem: provided<Outcome<Redemption>, { handoff: string }>('redeem'),
  },
  guards: {
    cameBackWithError: ({ context }) => context.errorCode !== null,
    cameBackWithHandoff: ({ context }) => !!context.handoff,
    // an operator token stored when the page opened (read once, here)
    ...storedSessionGuards,
  },
  actions: {
    announceAnswer: announceAnswer<OperatorSignInContext, OperatorSignInEvent | AnswerEvent>(),
    keepSession: assign(({ event }) => {
      const redemption = answerData<Redemption>(event);
      return { token: redemption.token, operator: redemption.operator, handoff: null };
    }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event), handoff: null }),
    // provided by the screen: stores the token and tells the session chart
    storeSession: () => {},
    // provided by the screen: `returnTo`, or the verifications queue
    goToTarget: () => {},
    // provided by the screen: a full page load of `/sso/login?returnTo=…`
    goToSingleSignOn: () => {},
  },
}).createMachine({
  id: 'operatorSignIn',
  context: ({ input }) => ({
    handoff: input.handoff,
    // the server applies the same rule; the address bar may still have been edited since
    returnTo: safePlatformReturnTo(input.returnTo),
    storedSessionAtStart: input.signedIn,
    token: null,
    operator: null,
    // the server's `ssoError` is shown only when it is one of ours
    errorCode: input.ssoError === null ? null : KNOWN_SSO_ERRORS.includes(input.ssoError) ? input.ssoError : PLATFORM_CODES.signInFailed,
  }),
  initial: 'checking',
  states: {
    checking: {
      always: [
        { guard: 'cameBackWithError', target: 'refused' },
        { guard: 'cameBackWithHandoff', target: 'redeeming' },
        { guard: 'storedSessionAtStart', target: 'signedIn' },
        { target: 'signedOut' },
      ],
    },
    redeeming: {
      tags: ['busy'],
      invoke: {
        id: 'redeem',
        src: 'redeem',
        input: ({ context }) => ({ handoff: context.handoff ?? '' }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'unreachable' },
      },
      on: {
        'redeem.ok': { target: 'signedIn', actions: ['keepSession', 'storeSession'] },
        'redeem.refused.*': { target: 'refused', actions: 'keepRefusal' },
      },
    },
    signedOut: {
      on: { 'signIn.requested': { target: 'leaving' } },
    },
    refused: {
      tags: ['error'],
      on: { 'signIn.requested': { target: 'leaving' } },
    },
    // the code may still be good: the server answers PLT10005 if it was used meanwhile
    unreachable: {
      tags: ['error'],
      on: {
        'signIn.retry': { target: 'redeeming' },
        'signIn.requested': { target: 'leaving' },
      },
    },
    leaving: {
      tags: ['busy'],
      entry: 'goToSingleSignOn',
    },
    signedIn: {
      type: 'final',
      entry: 'goToTarget',
    },
  },
});
