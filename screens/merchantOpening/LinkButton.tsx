/** A link styled as a full-width button (the merchant screens' ways on). */
export function LinkButton({ href, primary = false, children }: { href: string; primary?: boolean; children: React.ReactNode }) {
  return <a className={`kw-button kw-button-block kw-link-button kw-centered-text${primary ? ' kw-button-primary' : ''}`} href={href}>{children}</a>;
}
