import type { ReactNode } from 'react';

/** A form's field: its label, for the control of `id`, then the control and what goes with it (`children`: a hint, a note). */
export function Field({ id, label, children }: { id: string; label: ReactNode; children: ReactNode }) {
  return (
    <div className="kw-field">
      <label className="kw-label" htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}
