// A short notice at the bottom of the screen (§9: shown for 2000 ms), e.g. "account updated".
import { useEffect } from 'react';

export const SNACKBAR_TIMEOUT_MS = 2000;

export function Snackbar({ message, kind = 'success', onClose }: { message: string; kind?: 'success' | 'error'; onClose: () => void }) {
  useEffect(() => {
    const timer = window.setTimeout(onClose, SNACKBAR_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [message, onClose]);
  return (
    <div className={`snackbar snackbar--${kind}`} role="status" aria-live="polite" data-testid="snackbar">
      {message}
    </div>
  );
}
