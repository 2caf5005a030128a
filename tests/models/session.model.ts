import { sessionMachine, type SessionEvent, type SessionInput } from '../../machines/session.machine.ts';
import { afterEvent, type FlowModel } from '../support/mbt.ts';

type Exec = { event: SessionEvent | ReturnType<typeof afterEvent> };

/** Every event the session chart reacts to; `satisfies` makes a new event fail until it is modelled. */
export const sessionEvents = {
  'session.started': { event: { type: 'session.started', loginUrl: null } },
  'session.expired': { event: { type: 'session.expired' } },
  'session.loggedOut': { event: { type: 'session.loggedOut' } },
  'session.acknowledged': { event: { type: 'session.acknowledged' } },
} satisfies Record<SessionEvent['type'], Exec>;

const variant = (name: string, input: SessionInput) => ({ name, input });

export const sessionModel: FlowModel<typeof sessionMachine> = {
  machine: sessionMachine,
  variants: [
    variant('fresh start, web, login URL', { signedIn: false, loginUrl: 'https://login.example/ao', nativeAuthorizeAvailable: false }),
    variant('stored session, web, no login URL', { signedIn: true, loginUrl: null, nativeAuthorizeAvailable: false }),
    variant('stored session, native shell', { signedIn: true, loginUrl: 'https://login.example/ao', nativeAuthorizeAvailable: true }),
  ],
  events: [
    ...Object.values(sessionEvents).map((e) => e.event),
    afterEvent('messageDuration', 'session.expired.showingMessage'),
    afterEvent('reloginDelay', 'session.expired.waiting'),
  ],
  serializeState: (snapshot) => JSON.stringify(snapshot.value),
};
