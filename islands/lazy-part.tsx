// A part of an island in a chunk of its own, so that a page's first JavaScript stays within 80 KB
// gzip (bench/page-scripts): the server renders it as usual (its module loaded at start with the
// islands, views/Island.tsx), and in the browser React hydrates the rest of the island at once and
// this part when its chunk has come — the server's HTML shows meanwhile, and a click on it is
// replayed once it is live (React's selective hydration inside <Suspense>). A part the server did
// not render (shown after a choice: a tab, a mode) shows `fallback` for the moment its chunk takes,
// and `prefetch()` lets the island ask for it early (when the browser is idle) so it seldom does.
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

type Loader<P> = () => Promise<ComponentType<P>>;

const parts: Array<() => Promise<unknown>> = [];

/** A thenable React.lazy reads at once: a part already loaded renders in the same pass (the server's, or after a prefetch). */
const settled = <T,>(value: T) => ({ then: (resolve: (value: T) => void) => resolve(value) });

export interface LazyPart<P> {
  (props: P): ReactNode;
  /** Asks for the chunk now (once); later calls share the request. */
  prefetch(): Promise<unknown>;
}

export function lazyPart<P extends object>(load: Loader<P>, fallback: ReactNode = null): LazyPart<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const fetchPart = (): Promise<ComponentType<P>> =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null; // the next render asks again
        throw error;
      },
    ));
  // Always the same lazy component, whether or not the chunk is there: swapping it for the loaded
  // one later would remount the part (its state, its focus lost).
  const Lazy = lazy(() => (loaded ? settled({ default: loaded }) : fetchPart().then((component) => ({ default: component }))) as Promise<{ default: ComponentType<P> }>);
  const Part = (props: P) => (
    <Suspense fallback={fallback}>
      <Lazy {...props} />
    </Suspense>
  );
  Part.prefetch = () => fetchPart().catch(() => {});
  parts.push(fetchPart);
  return Part;
}

/** Server: every part loaded before the first page renders (rendering is synchronous). */
export async function preloadParts(): Promise<void> {
  await Promise.all(parts.map((load) => load()));
}

/** Browser: asks for parts once the page is idle (after hydration), so they have come before a person needs them. */
export function prefetchWhenIdle(...loads: Array<() => Promise<unknown>>): void {
  const run = () => {
    for (const load of loads) load().catch(() => {}); // asked again when needed
  };
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 2000 });
  else window.setTimeout(run, 200);
}
