// The chart-list job's new charts, passed from the progress note (ChartListProgress, which polls
// the simulation's status) to the claim chart's menu (ClaimChart, which marks them 「対比済み」).
// Both islands import this module (one shared chunk of the bundle), so it keeps what was
// announced: a poll answered before the chart island hydrates is not lost, since the chart
// reads everything announced so far when it starts listening (the note's cursor has moved past it).

type ChartedListener = (documentIds: string[]) => void;

/** Every document announced so far, per simulation. */
const announced = new Map<string, Set<string>>();
const listeners = new Set<{ queryId: string; listener: ChartedListener }>();

/** Says that these documents of a simulation have their chart made now. */
export function announceCharted(queryId: string, documentIds: string[]): void {
  if (documentIds.length === 0) return;
  const ids = announced.get(queryId) ?? new Set();
  announced.set(queryId, ids);
  for (const id of documentIds) ids.add(id);
  for (const entry of listeners) if (entry.queryId === queryId) entry.listener(documentIds);
}

/** Calls `listener` at once with the documents of this simulation announced so far, then with each later announcement; returns the way to stop listening. */
export function onCharted(queryId: string, listener: ChartedListener): () => void {
  const entry = { queryId, listener };
  listeners.add(entry);
  const earlier = announced.get(queryId);
  if (earlier?.size) listener([...earlier]);
  return () => {
    listeners.delete(entry);
  };
}
