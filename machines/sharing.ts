/**
 * What the charts that share something (a link: linkShare, promotions, groupPackages; a receipt:
 * receipt) ask of how it went: one guard, so "copied to the clipboard" means the same in all.
 */

/** The share call's answer says the clipboard took it (not the share sheet, nor a download). */
export const viaClipboard = ({ event }: { event: unknown }) => (event as { data?: { via?: string } }).data?.via === 'clipboard';
