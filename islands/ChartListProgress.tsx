// A claim chart list's progress on the result page (output type 3): the chart-list job charts
// the rest of the list in the background, so while it runs this note asks the simulation's
// status now and then and counts the charts made; once there are new ones it offers to show
// them (the list's badges and the chart's document picker are server-rendered).
import { useEffect, useState } from 'react';
import { apiRequest } from './api.ts';
import { useT } from './i18n.tsx';

export interface ChartListProgressProps {
  id: string;
  charted: number;
  listed: number;
  running: boolean;
  pollMs?: number;
}

interface Progress {
  charted: number;
  listed: number;
  running: boolean;
}

/** Every 5 s: a batch of 10 charts takes 1–6 s (bench/priorart), so most polls see new ones without asking more than the job does. */
const POLL_MS = 5000;

export default function ChartListProgress(props: ChartListProgressProps) {
  const t = useT();
  const [progress, setProgress] = useState<Progress>({ charted: props.charted, listed: props.listed, running: props.running });
  const [stopped, setStopped] = useState(false);
  // Each finished poll, answered or failed, arms the next one.
  const [polls, setPolls] = useState(0);
  const unfinished = progress.charted < progress.listed;

  useEffect(() => {
    if (!progress.running || !unfinished) return;
    let cancelled = false;
    const timer = setTimeout(async () => {
      try {
        const status = await apiRequest<{ chartList: Progress | null }>('user', `/priorart/status?id=${encodeURIComponent(props.id)}`, { method: 'GET' });
        if (cancelled || !status.chartList) return;
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
