// The patent map of a simple search (§1 map view, §3 map plot points): the best-ranked
// hits laid out by the wording of their title, abstract and claims (server:
// src/search/landscape), drawn on a canvas (3,000 points stay smooth while zooming) with
// the cluster labels in an SVG layer above it. d3-zoom pans and zooms; a Delaunay
// triangulation finds the point under the pointer. Colours by cluster, IPC subclass or
// applicant, with a legend that highlights a group. Clicking a point opens its document.
// A point flagged `input` (the examination simulation's invention) is no document: it is
// drawn apart, as a labelled star on top (patent-map/input-point.ts).
//
// Server-side the island renders its loading state only; the data is fetched after hydration.
import { color as d3Color, Delaunay, select, zoom, zoomIdentity, type ZoomBehavior, type ZoomTransform } from 'd3';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import type { PatentMap as PatentMapData } from '../src/search/result-types.ts';
import { ApiError, apiRequest } from './api.ts';
import { useT } from './i18n.tsx';
import { MapLegend } from './patent-map/MapLegend.tsx';
import { MapError, MapLoading } from './patent-map/MapStatus.tsx';
import { drawMap, placeClusterLabels, pointRadius, type Tip } from './patent-map/canvas.ts';
import { splitInput } from './patent-map/input-point.ts';
import { COLOUR_MODES, filingDate, groupPoints, mapFrame, NONE, numberFormat, OTHER, type ColourMode, type Group } from './patent-map/model.ts';

export interface PatentMapProps {
  /** API address of the map data: /api/search/map?<the search's parameters>. */
  source: string;
  /** How the points are coloured first (by cluster unless told). */
  initialColour?: ColourMode;
}

type Load = { status: 'loading' } | { status: 'ready'; map: PatentMapData } | { status: 'error'; errcode: string; detail: string };

const MIN_HEIGHT = 420;
const MAX_HEIGHT = 640;
const HIT_SLOP = 5;
const ZOOM_STEP = 1.6;

export default function PatentMap({ source, initialColour = 'cluster' }: PatentMapProps) {
  const t = useT();
  const idPrefix = `pmap${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [elapsed, setElapsed] = useState(0);
  const [mode, setMode] = useState<ColourMode>(initialColour);
  const [pinned, setPinned] = useState<string | null>(null);
  const [hovered, setHovered] = useState<string | null>(null);
  const [tip, setTip] = useState<Tip | null>(null);
  const [size, setSize] = useState({ width: 860, height: 560 });

  const frameRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const labelsRef = useRef<SVGSVGElement>(null);
  const zoomRef = useRef<ZoomBehavior<HTMLCanvasElement, unknown> | null>(null);
  const transformRef = useRef<ZoomTransform>(zoomIdentity);

  const loaded = load.status === 'ready' ? load.map : null;
  // The documents only; the input point (if any) is drawn on its own.
  const split = useMemo(() => (loaded ? splitInput(loaded) : null), [loaded]);
  const map = split?.map ?? null;
  const input = split?.input ?? null;
  const inputLabel = input ? input.title || t('patentMap.invention') : '';
  const grouping = useMemo(() => (map ? groupPoints(map, mode) : null), [map, mode]);
  const emphasis = hovered ?? pinned;

  // ---- data ------------------------------------------------------------------------
  useEffect(() => {
    let cancelled = false;
    setLoad({ status: 'loading' });
    setElapsed(0);
    setTip(null);
    const started = Date.now();
    const timer = window.setInterval(() => setElapsed(Math.floor((Date.now() - started) / 1000)), 1000);
    apiRequest<PatentMapData>('user', source.replace(/^\/api(?=\/)/, ''), { method: 'GET' })
      .then((data) => {
        if (!cancelled) setLoad({ status: 'ready', map: data });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        const api = error instanceof ApiError ? error : new ApiError(0, 'E999', String((error as Error)?.message ?? ''));
        setLoad({ status: 'error', errcode: api.errcode, detail: api.detail });
      })
      .finally(() => window.clearInterval(timer));
    return () => {
      cancelled = true;
      window.clearInterval(timer);
    };
  }, [source, attempt]);

  // A new colouring starts without a highlighted group.
  useEffect(() => {
    setPinned(null);
    setHovered(null);
  }, [mode]);

  // ---- size --------------------------------------------------------------------------
  useEffect(() => {
    const element = frameRef.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const width = Math.round(entry?.contentRect.width ?? 0);
      if (width <= 0) return;
      const height = Math.round(Math.max(MIN_HEIGHT, Math.min(MAX_HEIGHT, width * 0.72)));
      setSize((current) => (current.width === width && current.height === height ? current : { width, height }));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [map !== null]);

  // In untransformed screen units, so "nearest" means nearest on screen.
  const delaunay = useMemo(() => {
    if (!map) return null;
    const frame = mapFrame(size.width, size.height);
    return Delaunay.from(map.points, (p) => frame.left + p.x * frame.scaleX, (p) => frame.top + p.y * frame.scaleY);
  }, [map, size]);

  // ---- drawing -----------------------------------------------------------------------
  /** Screen position of a map point under the current zoom. */
  const project = useCallback(
    (x: number, y: number): [number, number] => {
      const frame = mapFrame(size.width, size.height);
      return transformRef.current.apply([frame.left + x * frame.scaleX, frame.top + y * frame.scaleY]);
    },
    [size],
  );

  const latest = useRef({ map, grouping, emphasis, tip, project, size, input, inputLabel });
  latest.current = { map, grouping, emphasis, tip, project, size, input, inputLabel };

  /** Places the cluster labels (canvas.ts placeClusterLabels) for the latest state. */
  const placeLabels = useCallback(() => {
    const { map, project, size } = latest.current;
    const svg = labelsRef.current;
    if (!svg || !map) return;
    placeClusterLabels(svg, map, project, size);
  }, []);

  const draw = useCallback(() => {
    const { map, grouping, emphasis, tip, project, size, input, inputLabel } = latest.current;
    const canvas = canvasRef.current;
    if (!canvas || !map || !grouping) return;
    const context = canvas.getContext('2d');
    if (!context) return;
    drawMap(canvas, context, transformRef.current.k, { map, grouping, emphasis, tip, project, size, input, inputLabel });
    placeLabels();
  }, []);

  // Redraw on every change of what is drawn.
  useEffect(() => {
    draw();
  }, [draw, map, grouping, emphasis, tip, size, input, inputLabel]);

  // ---- zoom --------------------------------------------------------------------------
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !map) return;
    const behaviour = zoom<HTMLCanvasElement, unknown>()
      .scaleExtent([0.8, 40])
      .on('zoom', (event: { transform: ZoomTransform }) => {
        transformRef.current = event.transform;
        setTip(null);
        draw();
      });
    zoomRef.current = behaviour;
    select(canvas).call(behaviour).on('dblclick.zoom', null);
    select(canvas).call(behaviour.transform, transformRef.current);
    return () => {
      select(canvas).on('.zoom', null);
    };
  }, [map, draw]);

  const zoomBy = (factor: number) => {
    const canvas = canvasRef.current;
    if (canvas && zoomRef.current) select(canvas).transition().duration(250).call(zoomRef.current.scaleBy, factor);
  };
  const resetZoom = () => {
    const canvas = canvasRef.current;
    if (canvas && zoomRef.current) select(canvas).transition().duration(300).call(zoomRef.current.transform, zoomIdentity);
  };
  const panBy = (dx: number, dy: number) => {
    const canvas = canvasRef.current;
    if (canvas && zoomRef.current) select(canvas).call(zoomRef.current.translateBy, dx / transformRef.current.k, dy / transformRef.current.k);
  };

  // ---- pointer -----------------------------------------------------------------------
  /** The point under the pointer (within a few pixels), or null. */
  const pointAt = (clientX: number, clientY: number): { index: number; x: number; y: number } | null => {
    const canvas = canvasRef.current;
    if (!canvas || !map || !delaunay) return null;
    const rect = canvas.getBoundingClientRect();
    const sx = clientX - rect.left;
    const sy = clientY - rect.top;
    const [bx, by] = transformRef.current.invert([sx, sy]);
    const index = delaunay.find(bx, by);
    if (index < 0) return null;
    const point = map.points[index]!;
    const [px, py] = project(point.x, point.y);
    const radius = Math.min(9, pointRadius(map.points.length) * Math.sqrt(transformRef.current.k));
    if (Math.hypot(px - sx, py - sy) > radius + HIT_SLOP) return null;
    if (emphasis !== null && grouping?.keyOf[index] !== emphasis) return null;
    return { index, x: px, y: py };
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (event.buttons) return; // dragging
    const hit = pointAt(event.clientX, event.clientY);
    event.currentTarget.style.cursor = hit ? 'pointer' : 'grab';
    if (!hit) {
      if (tip) setTip(null);
      return;
    }
    if (tip?.index === hit.index) return;
    setTip({ index: hit.index, left: hit.x, top: hit.y, flip: hit.x > size.width * 0.62 });
  };

  const open = (event: MouseEvent<HTMLCanvasElement>) => {
    const hit = pointAt(event.clientX, event.clientY);
    if (!hit || !map) return;
    const link = map.points[hit.index]!.referenceLink;
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.button === 1) window.open(link, '_blank', 'noopener');
    else window.location.assign(link);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    const step = 60;
    const actions: Record<string, () => void> = {
      ArrowLeft: () => panBy(step, 0),
      ArrowRight: () => panBy(-step, 0),
      ArrowUp: () => panBy(0, step),
      ArrowDown: () => panBy(0, -step),
      '+': () => zoomBy(ZOOM_STEP),
      '=': () => zoomBy(ZOOM_STEP),
      '-': () => zoomBy(1 / ZOOM_STEP),
      '0': resetZoom,
    };
    const action = actions[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  };

  // ---- names -------------------------------------------------------------------------
  const groupName = (group: Group): string => {
    if (group.key === OTHER) return t('patentMap.other');
    if (group.key === NONE) return t(mode === 'ipc' ? 'patentMap.noIpc' : 'patentMap.noApplicant');
    if (mode === 'cluster') return group.name || t('patentMap.clusterFallback', { number: Number(group.key) + 1 });
    return group.name;
  };
  const clusterName = (id: number) => map?.clusters[id]?.label || t('patentMap.clusterFallback', { number: id + 1 });

  // ---- render ------------------------------------------------------------------------
  if (load.status === 'loading') return <MapLoading elapsed={elapsed} />;

  if (load.status === 'error') return <MapError errcode={load.errcode} detail={load.detail} onRetry={() => setAttempt((n) => n + 1)} />;

  const data = map ?? load.map;
  if (data.points.length === 0 || !grouping) {
    return (
      <div className="patent-map">
        <p className="patent-map__empty">{t('patentMap.empty')}</p>
      </div>
    );
  }

  const tipPoint = tip ? data.points[tip.index] : undefined;
  const legendId = `${idPrefix}-legend`;
  const summaryId = `${idPrefix}-summary`;
  const hintId = `${idPrefix}-hint`;

  return (
    <div className="patent-map" data-query-id={data.queryId} data-points={data.points.length} data-input={input ? 'true' : undefined}>
      <div className="patent-map__toolbar">
        <p className="patent-map__count">
          {t('patentMap.summary', { count: data.mappedCount, documents: numberFormat.format(data.mappedCount), clusters: t('patentMap.clusters', { count: data.clusters.length }) })}
        </p>
        <label className="patent-map__mode">
          <span>{t('patentMap.colourBy')}</span>
          <select className="input" value={mode} onChange={(event) => setMode(event.target.value as ColourMode)}>
            {COLOUR_MODES.map((name) => (
              <option key={name} value={name}>
                {t(`patentMap.modes.${name}`)}
              </option>
            ))}
          </select>
        </label>
        <span className="patent-map__spacer" />
        <div className="patent-map__zoom" role="group" aria-label={t('patentMap.zoom')}>
          <button type="button" className="button patent-map__tool" onClick={() => zoomBy(ZOOM_STEP)} aria-label={t('patentMap.zoomIn')} title={t('patentMap.zoomIn')}>
            <span aria-hidden="true">＋</span>
          </button>
          <button type="button" className="button patent-map__tool" onClick={() => zoomBy(1 / ZOOM_STEP)} aria-label={t('patentMap.zoomOut')} title={t('patentMap.zoomOut')}>
            <span aria-hidden="true">－</span>
          </button>
          <button type="button" className="button patent-map__tool patent-map__reset" onClick={resetZoom}>
            {t('patentMap.reset')}
          </button>
        </div>
      </div>

      <div className="patent-map__body">
        <div className="patent-map__frame" ref={frameRef} style={{ height: size.height }}>
          <canvas
            ref={canvasRef}
            className="patent-map__canvas"
            style={{ width: size.width, height: size.height }}
            tabIndex={0}
            role="img"
            aria-label={t('patentMap.mapLabel')}
            aria-describedby={`${summaryId} ${hintId}`}
            onPointerMove={onPointerMove}
            onPointerLeave={() => setTip(null)}
            onClick={open}
            onAuxClick={(event) => event.button === 1 && open(event)}
            onKeyDown={onKeyDown}
          />
          <svg ref={labelsRef} className="patent-map__labels" width={size.width} height={size.height} aria-hidden="true">
            {data.clusters.map((cluster) => (
              <text
                key={cluster.id}
                className={`patent-map__label${mode === 'cluster' && emphasis !== null && emphasis !== String(cluster.id) ? ' is-dim' : ''}`}
                data-cluster={cluster.id}
                textAnchor="middle"
                dominantBaseline="middle"
                style={mode === 'cluster' ? { fill: d3Color(grouping.groups[cluster.id]?.colour ?? '#1b2233')?.darker(1.6).formatHex() } : undefined}
              >
                {clusterName(cluster.id)}
              </text>
            ))}
          </svg>
          {tipPoint && tip && (
            <div className={`patent-map__tooltip${tip.flip ? ' is-left' : ''}`} style={{ left: tip.left, top: tip.top }} role="tooltip">
              <strong className="patent-map__tooltip-number">{tipPoint.documentIdForDisplay}</strong>
              <span className="patent-map__tooltip-title">{tipPoint.title || t('patentMap.untitled')}</span>
              <dl>
                <div>
                  <dt>{t('patentMap.applicant')}</dt>
                  <dd>{tipPoint.applicant || '—'}</dd>
                </div>
                <div>
                  <dt>{t('patentMap.ipc')}</dt>
                  <dd>{tipPoint.ipc || (tipPoint.cpc ? `${tipPoint.cpc} (CPC)` : '—')}</dd>
                </div>
                <div>
                  <dt>{t('patentMap.filed')}</dt>
                  <dd>{filingDate(tipPoint.time)}</dd>
                </div>
                <div>
                  <dt>{t('patentMap.cluster')}</dt>
                  <dd>
                    <span className="patent-map__swatch" style={{ background: grouping.colourOf[tip.index] }} aria-hidden="true" />
                    {mode === 'cluster' ? clusterName(tipPoint.color) : `${groupName(grouping.groups.find((g) => g.key === grouping.keyOf[tip.index])!)} · ${clusterName(tipPoint.color)}`}
                  </dd>
                </div>
              </dl>
              <span className="patent-map__tooltip-hint">{t('patentMap.open')}</span>
            </div>
          )}
        </div>

        <MapLegend legendId={legendId} mode={mode} data={data} grouping={grouping} emphasis={emphasis} pinned={pinned} setPinned={setPinned} setHovered={setHovered} input={input} inputLabel={inputLabel} groupName={groupName} />
      </div>

      <p id={hintId} className="patent-map__hint">
        {t('patentMap.hint')}
      </p>
      <div id={summaryId} className="patent-map__sr">
        <p>{t('patentMap.a11ySummary', { count: data.mappedCount, documents: data.mappedCount, clusters: t('patentMap.clusters', { count: data.clusters.length }) })}</p>
        {input && <p>{t('patentMap.a11yInvention', { label: clusterName(input.color) })}</p>}
        <ul>
          {data.clusters.map((cluster) => (
            <li key={cluster.id}>{t('patentMap.a11yCluster', { label: clusterName(cluster.id), count: cluster.size })}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}
