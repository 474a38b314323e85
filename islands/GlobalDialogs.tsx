// Session-expired (E073/ME041) and version-mismatch (E998/ME998) dialogs of the
// default layouts. Any island announces an error code; OK signs the person out.
import { useEffect, useState } from 'react';
import { apiBase, loginPath, type Area } from './api.ts';
import { Dialog } from './Dialog.tsx';
import { useT } from './i18n.tsx';

type Kind = 'session' | 'version';

const kindOf = (errcode: string): Kind | undefined =>
  errcode === 'E073' || errcode === 'ME041' ? 'session' : errcode === 'E998' || errcode === 'ME998' ? 'version' : undefined;

export default function GlobalDialogs({ area }: { area: Area }) {
  const t = useT();
  const [kind, setKind] = useState<Kind>();
  useEffect(() => {
    const onError = (event: Event) => {
      const found = kindOf(String((event as CustomEvent<{ errcode: string }>).detail?.errcode ?? ''));
      if (found) setKind((current) => current ?? found);
    };
    window.addEventListener('hatsumei:error', onError);
    return () => window.removeEventListener('hatsumei:error', onError);
  }, []);
  if (!kind) return null;

  const forceLogout = async () => {
    // Forced logout (§4): end the session on the server, then the sign-in page.
    try {
      const csrf = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
      await fetch(`${apiBase(area)}/logout`, { method: 'POST', headers: { 'x-csrf-token': csrf }, credentials: 'same-origin' });
    } catch {
      /* the session may already be gone */
    }
    window.location.assign(loginPath(area));
  };

  return (
    <Dialog
      size="notice"
      title={t(`dialogs.${kind}.title`)}
      okLabel={t('dialogs.ok')}
      onOk={forceLogout}
      testId={`${kind}-dialog`}
    >
      <p>{t(`dialogs.${kind}.${area}`)}</p>
    </Dialog>
  );
}
