import type { Outcome } from '../services/gateway.ts';

/**
 * Helpers the charts share to read an invoked call's answer. Business refusals arrive through
 * `onDone` as `{ok: false, code}` and are routed by the `refusedWith` guard's `code` parameter.
 */
export const outputOf = <T>(event: unknown): Outcome<T> => (event as { output: Outcome<T> }).output;
export const isOk = ({ event }: { event: unknown }) => outputOf(event).ok;
export const refusedWith = ({ event }: { event: unknown }, params: { code: string }) => {
  const output = outputOf(event);
  return !output.ok && output.code === params.code;
};
export const refusalCode = (event: unknown): string | null => {
  const output = outputOf(event);
  return output.ok ? null : output.code;
};
export const refusalDetail = (event: unknown): string | null => {
  const output = outputOf(event);
  return output.ok ? null : output.detail;
};
