/**
 * The contracts' zod schemas compile no code in the browser. Under the Content-Security-Policy (no
 * 'unsafe-eval': server/securityHeaders.ts), zod's probe for `new Function`, made when its first
 * object schema is built, is refused and reported as a violation, though zod catches it and parses
 * without compiling. `z.config({ jitless: true })` would move zod into the first route's code (3.7 KB
 * gzipped over its budget), so this sets the same option where zod reads its configuration, the
 * global it shares between copies of itself, before any chunk with zod loads: imported first by
 * src/main.tsx. (The server, under no such policy, keeps zod's compiled parsers.) No chunk carries
 * zod today — the app reads the contracts' plain values from services/contract/values.ts and the
 * route budget's check keeps it so — but a screen that one day parses with a schema stays quiet.
 */
const shared = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(shared.__zod_globalConfig ??= {}).jitless = true;

export {};
