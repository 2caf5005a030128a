import { assign, type EventObject } from 'xstate';
import { isNationalMobile } from '../src/lib/phone.ts';

/**
 * The mobile number a chart asks for before a code is sent there (log-in by SMS, password recovery,
 * a card's mobile for its bank): what it keeps of what is typed (the 9 national digits) and the
 * guard that says it is a mobile number (src/lib/phone.ts's rule). Each chart names them in its
 * `setup` (spread from here) and routes `mobile.changed` in its own states.
 */
export interface MobileEntry {
  mobile: string;
}

export const mobileGuards = {
  mobileValid: ({ context }: { context: MobileEntry }) => isNationalMobile(context.mobile),
};

/** The chart's own context and events type the action, as its `setup` needs it. */
export const mobileActions = <C extends MobileEntry, E extends EventObject>() => ({
  setMobile: assign<C, E, undefined, E, never>(({ context, event }) => {
    const typed = event as EventObject & { value?: string };
    return { mobile: typed.type === 'mobile.changed' ? (typed.value ?? '').replace(/\D/g, '').slice(0, 9) : context.mobile } as Partial<C>;
  }),
});
