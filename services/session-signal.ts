/**
 * AGW20001 (gateway) and 1004 (legacy) become one `session.expired` signal. Calls failing together
 * (or one after another while the re-login runs, 4 s) still make one signal: the session machine
 * alone decides what happens next.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
const QUIET_MS = 5000;
let quietUntil = 0;

export function onSessionExpired(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function signalSessionExpired() {
  if (Date.now() < quietUntil) return;
  quietUntil = Date.now() + QUIET_MS;
  for (const listener of listeners) listener();
}

/** A new session starts: its own loss must be signalled again. */
export function resetSessionSignal() {
  quietUntil = 0;
}
