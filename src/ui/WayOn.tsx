import type { ReactNode } from 'react';
import { FieldError } from './FieldError.tsx';
import { LinkButton } from './LinkButton.tsx';
import { Notice } from './Notice.tsx';

/**
 * A step that goes no further here and says where to go instead: why (`problem`, an alert; or
 * `notice`, a status line, `success` when it is done) and the way on, a link styled as the main
 * button; `children` below it (another way, a retry).
 */
export function WayOn({ problem, notice, success = false, href, label, children }: {
  problem?: ReactNode;
  notice?: ReactNode;
  success?: boolean;
  href: string;
  label: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="kw-form">
      {problem !== undefined && <FieldError>{problem}</FieldError>}
      {notice !== undefined && <Notice kind={success ? 'success' : 'status'}>{notice}</Notice>}
      <LinkButton href={href} primary>{label}</LinkButton>
      {children}
    </div>
  );
}
