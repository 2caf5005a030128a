import type { ReactNode } from 'react';

/**
 * One line of a list that opens its own page (a fund line, a record, a cashback, a reduction): an
 * ordinary link, or — given `onOpen` — one the app opens itself without leaving the page.
 */
export function LineLink({ href, label, onOpen, children }: { href: string; label: string; onOpen?: () => void; children: ReactNode }) {
  return (
    <li className="kw-fund-line">
      <a href={href} onClick={onOpen ? (e) => { e.preventDefault(); onOpen(); } : undefined} aria-label={label}>
        {children}
      </a>
    </li>
  );
}
