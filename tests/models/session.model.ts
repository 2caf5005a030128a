import { sessionMachine, type SessionEvent, type SessionInput } from '../../machines/session.machine.ts';
import { afterEvent, doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';

type Exec = { event: SessionEvent | ReturnType<typeof afterEvent> };

/** Every event the session chart reacts to; `satisfies` makes a new event fail until it is modelled. */
export const sessionEvents = {
  'session.started': { event: { type: 'session.started', loginUrl: null } },
  'session.required': { event: { type: 'session.required', returnTo: '/app/records/3' } },
  'session.expired': { event: { type: 'session.expired', returnTo: '/app/wallet' } },
  'session.logoutRequested': { event: { type: 'session.logoutRequested' } },
  'session.acknowledged': { event: { type: 'session.acknowledged' } },
} satisfies Record<SessionEvent['type'], Exec>;

const variant = (name: string, input: SessionInput) => ({ name, input });

export const sessionModel: FlowModel<typeof sessionMachine> = {
  machine: parkInvokes(sessionMachine, ['endServerSession']),
  variants: [
    variant('fresh start, web, login URL', { signedIn: false, loginUrl: 'https://login.example/ao', nativeAuthorizeAvailable: false, inNativeShell: false }),
    variant('stored session, web, no login URL', { signedIn: true, loginUrl: null, nativeAuthorizeAvailable: false, inNativeShell: false }),
    variant('stored session, native shell', { signedIn: true, loginUrl: 'https://login.example/ao', nativeAuthorizeAvailable: true, inNativeShell: true }),
    variant('fresh start, native shell without the authorize function', { signedIn: false, loginUrl: null, nativeAuthorizeAvailable: false, inNativeShell: true }),
  ],
  events: [
    ...Object.values(sessionEvents).map((e) => e.event),
    afterEvent('messageDuration', 'session.expired.showingMessage'),
    afterEvent('reloginDelay', 'session.expired.waiting'),
    doneEvent('endServerSession', { ok: true, data: { loggedOut: true } }),
    errorEvent('endServerSession', new Error('network down')),
  ],
  serializeState: (snapshot) => JSON.stringify(snapshot.value),
};
