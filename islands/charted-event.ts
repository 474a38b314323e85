// The chart-list job's new charts, passed from the progress note (ChartListProgress, which polls
// the simulation's status) to the claim chart's menu (ClaimChart, which marks them 「対比済み」):
// two islands of one server-rendered page share nothing but the window, so one announces on it
// and the other listens, rather than both polling.
const EVENT = 'hatsumei:priorart-charted';

interface ChartedDetail {
  queryId: string;
  documentIds: string[];
}

/** Says that these documents of a simulation have their chart made now. */
export function announceCharted(queryId: string, documentIds: string[]): void {
  if (documentIds.length > 0) window.dispatchEvent(new CustomEvent<ChartedDetail>(EVENT, { detail: { queryId, documentIds } }));
}

/** Calls `listener` with the documents of this simulation charted from now on; returns the way to stop listening. */
export function onCharted(queryId: string, listener: (documentIds: string[]) => void): () => void {
  const handle = (event: Event) => {
    const detail = (event as CustomEvent<ChartedDetail>).detail;
    if (detail?.queryId === queryId) listener(detail.documentIds);
  };
  window.addEventListener(EVENT, handle);
  return () => window.removeEventListener(EVENT, handle);
}
