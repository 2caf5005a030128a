import axios from 'axios';
import { DURATIONS } from './transport-ui.ts';

/**
 * One axios instance for the gateway and the legacy helper. Every HTTP status resolves so coded
 * answers (400 malformed, 413 too large, 500 internal) reach the code handling; only no answer at
 * all (network down, time-out) rejects.
 */
export const http = axios.create({
  timeout: DURATIONS.requestTimeout,
  validateStatus: () => true,
  headers: { 'Content-Type': 'application/json' },
});

/** A promise that never settles: the spec's "the call does not resolve" after an error toast. */
export const never = <T>() => new Promise<T>(() => {});
