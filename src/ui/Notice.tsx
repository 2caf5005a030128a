import type { ReactNode } from 'react';

/**
 * A line a step tells the reader, read out when it appears (`role="status"`): how things stand
 * (waiting, nothing there yet, where to go next) or, `kind="success"`, that it is done. A refusal
 * or a problem with what was typed is `FieldError`'s (`role="alert"`).
 */
export function Notice({ kind = 'status', children }: { kind?: 'status' | 'success'; children: ReactNode }) {
  return (
    <p className={kind === 'success' ? 'kw-success-text' : 'kw-muted-text'} role="status">
      {children}
    </p>
  );
}
