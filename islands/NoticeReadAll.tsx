// /notice: "mark all as read" — records a read marker for every notice the user can see, then reloads
// the page so the marks and the header's count agree with the server.
import { useState } from 'react';
import { apiRequest } from './api.ts';
import { useT } from './i18n.tsx';

export default function NoticeReadAll({ unread }: { unread: number }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const markAll = async () => {
    setBusy(true);
    try {
      await apiRequest('user', '/notice/read-all', { body: {} });
      window.location.reload();
    } catch {
      setBusy(false); // the global dialogs tell about session and unexpected errors
    }
  };
  return (
    <button type="button" className="button" disabled={busy || unread === 0} onClick={markAll} data-testid="notice-read-all">
      {t('notice.markAllRead')}
    </button>
  );
}
