import type { BrowserContext, ConsoleMessage } from 'playwright-core';

/**
 * The walk runs under the server's enforced Content-Security-Policy (issue 30): anything the policy
 * refuses — an inline script or style it does not allow, a source it does not name — is a
 * `securitypolicyviolation` event in the page, or a console message about a policy. Every browser
 * context of the walk is watched (run.ts's, launchPhones's, a scenario's own), and run.ts fails the
 * scenario that produced any.
 */
const violations: string[] = [];

/** What was recorded since the last call (run.ts asks after each scenario). */
export function takeViolations(): string[] {
  return violations.splice(0);
}

/** In every document of the context, before its own scripts: report each violation to the binding. */
const LISTEN = () => {
  document.addEventListener('securitypolicyviolation', (event) => {
    const report = (window as unknown as { __kwPolicyViolation?: (text: string) => void }).__kwPolicyViolation;
    report?.(`${event.effectiveDirective} (${event.disposition}) refused ${event.blockedURI || 'inline'} at ${event.sourceFile || location.href}:${event.lineNumber}${event.sample ? ` «${event.sample}»` : ''}`);
  }, true);
};

/** A console line about a policy: Chromium's own words for what it refused (CSP, framing, permissions). */
const ABOUT_A_POLICY = /Content[- ]Security[- ]Policy|Permissions[- ]Policy|X-Frame-Options|Refused to /i;

/** Watches `context` (before any of its pages opens); `who` names it in the failure. */
export async function watchPolicy(context: BrowserContext, who = 'page'): Promise<BrowserContext> {
  await context.exposeBinding('__kwPolicyViolation', ({ page }, text: string) => {
    violations.push(`${who} ${page.url()}: ${text}`);
  });
  await context.addInitScript(LISTEN);
  context.on('console', (message: ConsoleMessage) => {
    if (ABOUT_A_POLICY.test(message.text())) violations.push(`${who} console ${message.type()}: ${message.text()}`);
  });
  return context;
}
