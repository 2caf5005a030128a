/**
 * AGW20001 (gateway) and 1004 (legacy) become one `session.expired` signal. Several calls failing
 * together still make one signal: the session machine alone decides what happens next.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
let pending = false;

export function onSessionExpired(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function signalSessionExpired() {
  if (pending) return;
  pending = true;
  queueMicrotask(() => {
    pending = false;
    for (const listener of listeners) listener();
  });
}
