/**
 * What the app's transport and the gateway agree on besides the envelope (envelope.ts). A module
 * without zod: the client's gateway helper imports it, and every screen loads that.
 */

/**
 * The header marking the app's own call (a poll, a long poll, a timed renewal), not the person's:
 * the server does not count it as activity in the session's idle window. It can only shorten the
 * caller's own session, so the server takes it on trust.
 */
export const BACKGROUND_HEADER = 'x-kw-background';
