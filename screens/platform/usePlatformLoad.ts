import { useMemo } from 'react';
import { useMachine } from '@xstate/react';
import type { Outcome } from '../../services/contract/outcome.ts';
import { documentFlow } from '../../src/flows/document.ts';

/**
 * One read of platform data (a queue page, the operator's name, a lookup: the calls are in
 * src/flows/review.ts and operatorSignIn.ts) through the document chart: loading, ready,
 * refused with a code, or failed with a retry. The loader is read once; a caller that needs other
 * parameters remounts the component (React `key`).
 */
export function usePlatformLoad<T>(load: () => Promise<Outcome<T>>) {
  const machine = useMemo(() => documentFlow(load), []); // eslint-disable-line react-hooks/exhaustive-deps
  const [state, send] = useMachine(machine, { input: { key: 'platform', language: '' } });
  return { state, send, data: state.matches('ready') ? (state.context.document as T) : null };
}
