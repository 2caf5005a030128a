import type { ReactNode } from 'react';
import { Button } from 'antd-mobile';
import { FieldError } from './FieldError.tsx';
import { LinkButton } from './LinkButton.tsx';
import { Notice } from './Notice.tsx';

/** The way on: a link to another page (styled as the main button), or the step's main action. */
type Way = { href: string } | { onPress: () => void; disabled?: boolean };

/**
 * A step that has said its piece and shows the one way on: why (`problem`, an alert; or `notice`, a
 * status line, `success` when it is done), the way on (`href`, a link styled as the main button; or
 * `onPress`, the main button: try again, start again, done), `children` below it (another page) and
 * last `other`, the other action (cancel, edit, start again).
 */
export function WayOn({ problem, notice, success = false, label, children, other, ...way }: Way & {
  problem?: ReactNode;
  notice?: ReactNode;
  success?: boolean;
  label: ReactNode;
  children?: ReactNode;
  other?: { label: ReactNode; onPress: () => void };
}) {
  return (
    <div className="kw-form">
      {problem !== undefined && <FieldError>{problem}</FieldError>}
      {notice !== undefined && <Notice kind={success ? 'success' : 'status'}>{notice}</Notice>}
      {'href' in way ? (
        <LinkButton href={way.href} primary>{label}</LinkButton>
      ) : (
        <Button block color="primary" size="large" disabled={way.disabled} onClick={way.onPress}>{label}</Button>
      )}
      {children}
      {other && <Button block size="large" onClick={other.onPress}>{other.label}</Button>}
    </div>
  );
}
