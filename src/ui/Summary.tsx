import { Fragment, type ReactNode } from 'react';

/** One fact: its name, its value and, when the value is styled apart, the value's class. */
export type SummaryRow = readonly [term: ReactNode, value: ReactNode, valueClassName?: string];

/** The facts a step shows as pairs of a name and a value (`kw-summary`, with `className` beside it). */
export function Summary({ className, rows }: { className?: string; rows: readonly SummaryRow[] }) {
  return (
    <dl className={className ? `kw-summary ${className}` : 'kw-summary'}>
      {rows.map(([term, value, valueClassName], index) => (
        <Fragment key={index}>
          <dt>{term}</dt>
          <dd className={valueClassName}>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
