/**
 * What the transport shows while it works (modal cover, loading toast, error toasts). The app shell
 * plugs its toast module in at start-up; tests plug in recorders. The transport never navigates.
 */
export type ToastKind = 'info' | 'success' | 'fail' | 'offline' | 'loading';

export interface TransportUi {
  /** Shows the modal cover of a gateway call; returns the function that removes it. */
  cover(): () => void;
  /** Shows the loading toast of a legacy call; returns the function that removes it. */
  loading(): () => void;
  toast(message: string, options: { kind: ToastKind; durationMs: number }): void;
  /** Looks up a localised message by key (network.gateway, …). */
  t(key: string): string;
}

const silent: TransportUi = { cover: () => () => {}, loading: () => () => {}, toast: () => {}, t: (key) => key };
let current: TransportUi = silent;

export const setTransportUi = (ui: TransportUi) => {
  current = ui;
};
export const transportUi = (): TransportUi => current;

/** Durations of spec §8/§9 and decisions.md, in one place. */
export const DURATIONS = {
  apiError: 2000,
  gatewayNetworkError: 1000,
  uploadFailure: 1000,
  relogin: 2000,
  requestTimeout: 20_000,
  trackTimeout: 10_000,
} as const;
