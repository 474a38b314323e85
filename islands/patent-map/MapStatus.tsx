// The patent map's waiting and failed states (the island renders the waiting one server-side): apart from
// PatentMap.tsx so that it holds the map itself.
import { useT } from '../i18n.tsx';

export function MapLoading({ elapsed }: { elapsed: number }) {
  const t = useT();
  return (
    <div className="patent-map patent-map--loading" aria-busy="true">
      <div className="patent-map__status" role="status">
        <p className="patent-map__status-title">{t('patentMap.loading')}</p>
        <div className="patent-map__progress" aria-hidden="true">
          <span className="patent-map__progress-bar" />
        </div>
        <p className="patent-map__status-detail">
          {t('patentMap.loadingDetail')}
          {elapsed > 0 && <span className="patent-map__elapsed">{t('patentMap.elapsed', { seconds: elapsed })}</span>}
        </p>
      </div>
    </div>
  );
}

export function MapError({ errcode, detail, onRetry }: { errcode: string; detail: string; onRetry: () => void }) {
  const t = useT();
  return (
    <div className="patent-map">
      <div className="form__alert patent-map__error" role="alert" data-errcode={errcode}>
        <p className="patent-map__error-title">{t('patentMap.failed')}</p>
        <p className="patent-map__error-detail">{detail || errcode}</p>
        <button type="button" className="button patent-map__retry" onClick={onRetry}>
          {t('patentMap.retry')}
        </button>
      </div>
    </div>
  );
}
