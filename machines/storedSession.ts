/**
 * Whether a session was stored on this device when the page opened: a member's for the app's
 * session chart, an operator's for the platform's sign-in. The screen hands it in as the chart's
 * input; the chart reads it once, as it starts, so a session stored or dropped later (another
 * tab) does not change where it began. Each chart names the guard in its `setup` (from here).
 */
export interface StoredSessionAtStart {
  storedSessionAtStart: boolean;
}

export const storedSessionGuards = {
  storedSessionAtStart: ({ context }: { context: StoredSessionAtStart }) => context.storedSessionAtStart,
};
