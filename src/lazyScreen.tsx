import { lazy, Suspense, type ComponentType } from 'react';
import { loadLocaleParts, type LocalePart } from './i18n.ts';

/** Spec §9: a screen chunk that has not arrived after 120 s fails with a chunk-load error. */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  constructor(readonly chunk: string) {
    super(`chunk ${chunk} failed to load`);
    this.name = 'ChunkLoadError';
  }
}

export function withChunkTimeout<T>(load: Promise<T>, chunk: string, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError(chunk)), timeoutMs);
  });
  return Promise.race([
    load.catch(() => {
      throw new ChunkLoadError(chunk);
    }),
    timeout,
  ]).finally(() => clearTimeout(timer));
}

/**
 * A screen loaded on first visit from its own chunk under /dist/, with a small loading line. It
 * renders once the pt dictionary `parts` it uses (src/i18n.ts) have arrived too, fetched alongside.
 */
export function lazyScreen<P extends object>(chunk: string, load: () => Promise<{ default: ComponentType<P> }>, parts: readonly LocalePart[] = []): ComponentType<P> {
  const Screen = lazy(() => withChunkTimeout(Promise.all([load(), loadLocaleParts(parts)]).then(([screen]) => screen), chunk));
  return function LazyScreen(props: P) {
    return (
      <Suspense fallback={<p className="kw-centered" aria-busy="true"><span className="kw-spinner kw-spinner-dark" /></p>}>
        <Screen {...props} />
      </Suspense>
    );
  };
}
