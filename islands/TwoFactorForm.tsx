// Second factor: register an authenticator app by QR code and a first code, or enter
// the current code (§4, §5: 6 half-width digits).
import { useEffect, useState, type FormEvent } from 'react';
import { ApiError, apiRequest, loginPath, type Area } from './api.ts';
import { landingPath } from './auth-flow.ts';
import { useT } from './i18n.tsx';
import { useField } from './use-field.ts';

export interface TwoFactorFormProps {
  area: Area;
  registered: boolean;
}

/** Client-side mirror of the server's code rules; the server's message wins when it answers. */
export function authCodeProblem(code: string): 'required' | 'digits' | 'length' | undefined {
  if (!code) return 'required';
  if (!/^[0-9]+$/.test(code)) return 'digits';
  if (code.length !== 6) return 'length';
  return undefined;
}

/** The secret in groups of four characters for reading and typing: JBSW Y3DP EHPK 3PXP. */
export const groupedSecret = (secret: string): string => secret.replace(/\s+/g, '').match(/.{1,4}/g)?.join(' ') ?? '';

export default function TwoFactorForm({ area, registered }: TwoFactorFormProps) {
  const t = useT();
  const [qrCode, setQrCode] = useState<string>();
  const [secret, setSecret] = useState<string>();
  const codeField = useField();
  const code = codeField.value;
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (registered) return;
    apiRequest<{ qrcode: string; secret?: string }>(area, '/2fa/qr')
      .then(({ qrcode, secret: key }) => {
        setQrCode(qrcode);
        setSecret(key);
      })
      .catch((caught) => setError(caught instanceof ApiError && caught.detail ? caught.detail : t('auth.unexpected')));
  }, [area, registered, t]);

  const problem = authCodeProblem(code.trim());
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem || busy) return;
    setBusy(true);
    setError(undefined);
    try {
      const answer = await apiRequest<{ success?: boolean; validate?: boolean }>(area, registered ? '/2fa/validate' : '/2fa/regist', {
        body: { authcode: code.trim() },
      });
      if (answer.success === true || answer.validate === true) {
        window.dispatchEvent(new Event('hatsumei:navigation-start'));
        window.location.assign(landingPath(area));
        return;
      }
      setError(t('auth.codeWrong'));
      codeField.set('');
    } catch (caught) {
      if (caught instanceof ApiError && caught.errcode === 'too-many-requests') {
        window.location.assign(loginPath(area));
        return;
      }
      setError(caught instanceof ApiError && caught.detail ? caught.detail : t('auth.unexpected'));
    }
    setBusy(false);
  };

  const cancel = async () => {
    await apiRequest(area, '/logout').catch(() => undefined);
    window.location.assign(loginPath(area));
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      {!registered && (
        <div className="two-factor__register">
          <ol className="two-factor__steps">
            <li>{t('auth.registerStep1')}</li>
            <li>{t('auth.registerStep2')}</li>
            <li>{t('auth.registerStep3')}</li>
          </ol>
          <div className="two-factor__qr">
            {qrCode ? <img src={qrCode} alt={t('auth.qrAlt')} width={180} height={180} data-testid="totp-qr" /> : <span className="two-factor__qr-loading">{t('auth.qrLoading')}</span>}
          </div>
          {secret && (
            <div className="two-factor__secret">
              <p>{t('auth.secretHint')}</p>
              {/* Groups of four, as authenticator apps show keys; the apps ignore the spaces. */}
              <code className="two-factor__secret-key" data-testid="totp-secret" aria-label={t('auth.secretLabel')}>
                {groupedSecret(secret)}
              </code>
              <p className="two-factor__secret-type">{t('auth.secretType')}</p>
            </div>
          )}
        </div>
      )}
      {error && (
        <p className="form__alert" role="alert" data-testid="form-error">
          {error}
        </p>
      )}
      <label className="form__field">
        <span className="form__label">{t('auth.code')}</span>
        <input
          className="input two-factor__code"
          name="authcode"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          {...codeField.props}
          aria-invalid={touched && Boolean(problem)}
          onBlur={() => setTouched(true)}
          placeholder="123456"
        />
        {touched && problem && <span className="form__error">{t(`auth.codeRules.${problem}`, { length: 6 })}</span>}
      </label>
      <button className="button button--primary button--block" type="submit" disabled={busy || Boolean(problem) || (!registered && !qrCode)}>
        {registered ? t('auth.verify') : t('auth.register')}
      </button>
      <p className="auth-card__links">
        <button type="button" className="link-button" onClick={cancel}>
          {t('auth.backToLogin')}
        </button>
      </p>
    </form>
  );
}
