import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { takeOverRenderedPage } from './lib/pageTakeOver.ts';
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

/** A lazily loaded screen, with a way to have it (and its dictionary parts) in memory before it renders. */
export type LazyScreen<P> = ComponentType<P> & {
  /** Loads the chunk and the parts; once it settles, the screen renders at once, without suspending. */
  preload(): Promise<void>;
};

/**
 * A screen loaded on first visit from its own chunk under /dist/, with a small loading line. It
 * renders once the pt dictionary `parts` it uses (src/i18n.ts) have arrived too, fetched alongside.
 * A preloaded screen renders directly inside the same Suspense boundary: a page rendered on the
 * server (src/entry-server.tsx) hydrates in one pass, its markup never swapped for the loading line.
 */
export function lazyScreen<P extends object>(chunk: string, load: () => Promise<{ default: ComponentType<P> }>, parts: readonly LocalePart[] = []): LazyScreen<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  let loaded: ComponentType<P> | undefined;
  const fetchScreen = () => {
    loading ??= withChunkTimeout(Promise.all([load(), loadLocaleParts(parts)]).then(([screen]) => screen), chunk).then(
      (screen) => {
        loaded = screen.default;
        return screen;
      },
      (error: unknown) => {
        loading = undefined; // a failed fetch is tried again on the next visit
        throw error;
      },
    );
    return loading;
  };
  const Screen = lazy(fetchScreen);
  function LazyScreen(props: P) {
    // fixed for the instance's life: switching from the lazy wrapper to the module would remount the screen
    const [Loaded] = useState(() => loaded);
    return (
      <Suspense fallback={<p className="kw-centered" aria-busy="true"><span className="kw-spinner kw-spinner-dark" /></p>}>
        {Loaded ? <Loaded {...props} /> : <Screen {...props} />}
        <ScreenShown />
      </Suspense>
    );
  }
  return Object.assign(LazyScreen, { preload: () => fetchScreen().then(() => undefined) });
}

/** Renders nothing: its effect runs once the screen before it is the app's (hydrated or rendered). */
function ScreenShown() {
  useEffect(takeOverRenderedPage, []);
  return null;
}
