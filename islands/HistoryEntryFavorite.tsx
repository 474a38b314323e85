// The favourite star of a history entry: toggles at once, saves in the background, and
// puts the star back if the server refused.
import { useState } from 'react';
import { ApiError, apiRequest } from './api.ts';
import { useT } from './i18n.tsx';

export interface HistoryEntryFavoriteProps {
  id: string;
  favorite: boolean;
  /** Say what the star does next to it (where it stands alone, not in a list). */
  showLabel?: boolean;
}

/** Codes the global dialogs handle (§8): never shown here. */
const GLOBAL_CODES = new Set(['E073', 'E998']);

export default function HistoryEntryFavorite({ id, favorite: initial, showLabel = false }: HistoryEntryFavoriteProps) {
  const t = useT();
  const [favorite, setFavorite] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();

  const toggle = async () => {
    const next = !favorite;
    setFavorite(next);
    setSaving(true);
    setError(undefined);
    try {
      const saved = await apiRequest<{ favorite: boolean }>('user', '/history/favorite', { body: { id, favorite: next } });
      setFavorite(saved.favorite);
    } catch (failure) {
      setFavorite(!next);
      const errcode = failure instanceof ApiError ? failure.errcode : 'E999';
      if (!GLOBAL_CODES.has(errcode)) setError(t(`historyEntry.errors.${errcode === 'E072' ? 'E072' : 'E999'}`));
    } finally {
      setSaving(false);
    }
  };

  const label = t(favorite ? 'historyEntry.favorite.remove' : 'historyEntry.favorite.add');
  return (
    <span className="history-favorite">
      <button
        type="button"
        className={`history-favorite__button${favorite ? ' is-on' : ''}`}
        aria-pressed={favorite}
        aria-label={label}
        title={label}
        disabled={saving}
        onClick={toggle}
        data-testid="history-favorite"
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z" />
        </svg>
      </button>
      {showLabel && (
        <span className="history-favorite__label" aria-hidden="true">
          {label}
        </span>
      )}
      {error && (
        <span className="history-favorite__error" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}
