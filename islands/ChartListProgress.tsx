// A claim chart list's progress on the result page (output type 3): the chart-list job charts
// the rest of the list in the background, so while it runs this note asks the simulation's
// status now and then and counts the charts made; it passes the documents charted since its last
// ask to the chart's document menu (charted-event.ts), which marks them at once, and once there are
// new ones it offers to show them in the list (the list's badges are server-rendered).
import { useEffect, useRef, useState } from 'react';
import type { ChartListProgress as Progress } from '../src/priorart/chart-list.ts';
import { apiRequest } from './api.ts';
import { announceCharted } from './charted-event.ts';
import { useT } from './i18n.tsx';

export interface ChartListProgressProps extends Omit<Progress, 'chartedIds'> {
  id: string;
  pollMs?: number;
}

/** Every 5 s: a batch of 10 charts takes 1–6 s (bench/priorart), so most polls see new ones without asking more than the job does. */
const POLL_MS = 5000;

export default function ChartListProgress(props: ChartListProgressProps) {
  const t = useT();
  const [progress, setProgress] = useState<Progress>({ charted: props.charted, listed: props.listed, running: props.running, cursor: props.cursor });
  // The last chart this page has heard of (the server's at render, then each answer's): each poll asks only for those after it.
  const cursor = useRef(props.cursor);
  const [stopped, setStopped] = useState(false);
  // Each finished poll, answered or failed, arms the next one.
  const [polls, setPolls] = useState(0);
  const unfinished = progress.charted < progress.listed;

  useEffect(() => {
    if (!progress.running || !unfinished) return;
    let cancelled = false;
    const timer = setTimeout(async () => {
      try {
        const status = await apiRequest<{ chartList: Progress | null }>('user', `/priorart/status?id=${encodeURIComponent(props.id)}&chartedAfter=${cursor.current}`, { method: 'GET' });
        if (cancelled || !status.chartList) return;
        cursor.current = status.chartList.cursor;
        announceCharted(props.id, status.chartList.chartedIds ?? []);
        setProgress(status.chartList);
        if (!status.chartList.running && status.chartList.charted < status.chartList.listed) setStopped(true);
      } catch {
        // A failed poll (network, session) leaves the note as it was; the next one tries again.
      }
      if (!cancelled) setPolls((count) => count + 1);
    }, props.pollMs ?? POLL_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [polls, progress.running, unfinished, props.id, props.pollMs]);

  const state = progress.running && unfinished ? 'running' : stopped ? 'stopped' : progress.charted > props.charted && !unfinished ? 'finished' : null;
  return (
    <p className="form__note pa-chart-list" role="status" data-testid="chart-list-progress" data-charted={progress.charted}>
      {t('chartListProgress.charted', { charted: progress.charted, listed: progress.listed })}
      {/* Japanese sentences follow 。 without a space; English ones after one. */}
      {state && `${t('chartListProgress.sentenceGap')}${t(`chartListProgress.${state}`)}`}
      {progress.charted > props.charted && (
        <>
          {' '}
          <button type="button" className="button button--small" onClick={() => window.location.reload()}>
            {t('chartListProgress.refresh')}
          </button>
        </>
      )}
    </p>
  );
}
