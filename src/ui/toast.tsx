import { useSyncExternalStore } from 'react';
import type { ToastKind } from '../../services/transport-ui.ts';

/**
 * Toasts of spec §4: a key (a new toast with the same key replaces the old one), an optional close
 * control, 1.5 s by default, top 65 px and left 50 %, mask on by default; kinds info, success,
 * fail, offline and loading. Also the modal cover shown during gateway calls.
 */
export interface ToastOptions {
  kind?: ToastKind;
  durationMs?: number;
  key?: string;
  closable?: boolean;
  mask?: boolean;
}

interface ActiveToast extends Required<Omit<ToastOptions, 'key'>> {
  id: number;
  key: string;
  message: string;
}

export const TOAST_DEFAULT_MS = 1500;
export const TOAST_SHORT_MS = 3000;
export const TOAST_LONG_MS = 8000;

let toasts: ActiveToast[] = [];
let covers = 0;
let nextId = 1;
const listeners = new Set<() => void>();
let snapshot = { toasts, covers };
const emit = () => {
  snapshot = { toasts, covers };
  for (const l of listeners) l();
};

export function showToast(message: string, options: ToastOptions = {}): () => void {
  const id = nextId++;
  const toast: ActiveToast = {
    id,
    key: options.key ?? `toast-${id}`,
    message,
    kind: options.kind ?? 'info',
    durationMs: options.durationMs ?? TOAST_DEFAULT_MS,
    closable: options.closable ?? false,
    mask: options.mask ?? true,
  };
  toasts = [...toasts.filter((t) => t.key !== toast.key), toast];
  emit();
  const close = () => {
    if (!toasts.some((t) => t.id === id)) return;
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  };
  if (toast.kind !== 'loading' && toast.durationMs > 0) setTimeout(close, toast.durationMs);
  return close;
}

export function showCover(): () => void {
  covers += 1;
  emit();
  let removed = false;
  return () => {
    if (removed) return;
    removed = true;
    covers -= 1;
    emit();
  };
}

const ICONS: Record<ToastKind, string> = { info: 'ℹ', success: '✓', fail: '✕', offline: '⚠', loading: '' };

export function ToastHost({ closeLabel }: { closeLabel: string }) {
  const state = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => snapshot,
    () => snapshot,
  );
  const toast = state.toasts.at(-1);
  return (
    <>
      {state.covers > 0 && (
        <div className="kw-cover" aria-busy="true" data-testid="gateway-cover">
          <span className="kw-spinner kw-spinner-large" />
        </div>
      )}
      {toast && (
        <div className={toast.mask ? 'kw-toast-mask' : undefined}>
          <div
            className={`kw-toast kw-toast-${toast.kind}`}
            role={toast.kind === 'fail' || toast.kind === 'offline' ? 'alert' : 'status'}
            aria-live="polite"
          >
            {toast.kind === 'loading' ? <span className="kw-spinner" aria-hidden="true" /> : <span aria-hidden="true" className="kw-toast-icon">{ICONS[toast.kind]}</span>}
            <span>{toast.message}</span>
            {toast.closable && (
              <button type="button" className="kw-toast-close" aria-label={closeLabel} onClick={() => { toasts = toasts.filter((t) => t.id !== toast.id); emit(); }}>
                ×
              </button>
            )}
          </div>
        </div>
      )}
    </>
  );
}
