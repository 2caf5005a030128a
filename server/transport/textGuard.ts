/**
 * PostgreSQL refuses the NUL character (U+0000) in text, so a NUL anywhere in a request would reach
 * a statement and fail as an internal error. Every request is checked here once, before any
 * handler: its query, its route parameters and its parsed body.
 */
const NUL = '\u0000';

/** The path of the first text holding a NUL (`''` for the value itself), or null when there is none. */
export function nulField(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes(NUL) ? path : null;
  // JSON bodies are small (JSON_BODY_LIMIT) but may nest: past this depth no contract reads anything
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (key.includes(NUL)) return at;
    const found = nulField(item, at, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** The first field of a request holding a NUL, named as the refusal's detail, or null. */
export function requestNulField(request: { query?: unknown; params?: unknown; body?: unknown }): string | null {
  return nulField(request.params) ?? nulField(request.query) ?? nulField(request.body);
}
