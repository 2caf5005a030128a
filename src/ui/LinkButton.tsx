import type { AnchorHTMLAttributes, ReactNode } from 'react';

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'className' | 'href' | 'children'>;

/**
 * A link styled as a button: a way on to another page, never an action of the screen (that is a
 * button). Full width unless `block={false}` (the hub's and the wallet's rows of ways); `primary`
 * for the main way on. Other attributes (`rel`, `data-track`) go to the link.
 */
export function LinkButton({ href, primary = false, block = true, children, ...rest }: AnchorProps & { href: string; primary?: boolean; block?: boolean; children: ReactNode }) {
  return (
    <a className={`kw-button${primary ? ' kw-button-primary' : ''}${block ? ' kw-button-block' : ''} kw-link-button kw-centered-text`} href={href} {...rest}>
      {children}
    </a>
  );
}
