// Long work in the process that answers pages (a simulation runs in the web process with ROLE
// all): it gives the event loop a turn whenever it has held it for a while. An `await` of a
// resolved promise is not enough: only microtasks run then, never another request's I/O.
import { setImmediate as nextTurn } from 'node:timers/promises';

/** A check to call in a long loop: it waits for the next turn of the event loop once `budgetMs` have passed since the last one. */
export function turnTaker(budgetMs = 20): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < budgetMs) return undefined;
    return nextTurn().then(() => {
      since = performance.now();
    });
  };
}
