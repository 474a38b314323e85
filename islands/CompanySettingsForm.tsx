// The company settings of /manage/setting (managers only): the networks the company's people may
// sign in from, one address or CIDR range a line, and the default GPT use. The server checks every
// line and refuses a list that would keep out the manager saving it; its message (naming the line
// or the manager's address, in the manager's language) is shown under the list.
import { useCallback, useState, type FormEvent } from 'react';
import { ApiError, apiRequest } from './api.ts';
import { useT } from './i18n.tsx';
import { Snackbar } from './Snackbar.tsx';

export interface CompanySettingsFormProps {
  allowedNetworks: string[];
  gptDefaultUse: boolean;
  /** The manager's address as the server sees it, so they can include it. */
  yourAddress: string;
}

/** Codes the global dialogs handle (§8): never shown in the form. */
const GLOBAL_CODES = new Set(['ME041', 'ME998']);
/** Codes whose server message says what to fix (the line, the address). */
const NETWORK_CODES = new Set(['ME050', 'ME051', 'ME052']);
const ID = 'company-settings';

export default function CompanySettingsForm(props: CompanySettingsFormProps) {
  const t = useT();
  const [saved, setSaved] = useState({ networks: props.allowedNetworks.join('\n'), gptDefaultUse: props.gptDefaultUse });
  const [networks, setNetworks] = useState(saved.networks);
  const [gptDefaultUse, setGptDefaultUse] = useState(saved.gptDefaultUse);
  const [networksError, setNetworksError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string>();
  const closeNotice = useCallback(() => setNotice(undefined), []);
  const dirty = networks !== saved.networks || gptDefaultUse !== saved.gptDefaultUse;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNetworksError(undefined);
    setFormError(undefined);
    setBusy(true);
    try {
      const result = await apiRequest<{ allowedNetworks: string[]; gptDefaultUse: boolean }>('manage', '/company-settings', { body: { allowedNetworks: networks, gptDefaultUse } });
      const next = { networks: result.allowedNetworks.join('\n'), gptDefaultUse: result.gptDefaultUse };
      setSaved(next);
      setNetworks(next.networks); // as stored: single addresses gain their /32 or /128
      setGptDefaultUse(next.gptDefaultUse);
      setNotice(t('manageSettings.saved'));
    } catch (error) {
      const errcode = error instanceof ApiError ? error.errcode : 'ME999';
      if (!GLOBAL_CODES.has(errcode)) {
        if (error instanceof ApiError && NETWORK_CODES.has(errcode)) setNetworksError(error.detail);
        else setFormError(t('manageSettings.unexpected'));
      }
    }
    setBusy(false);
  };

  return (
    <form className="form company-settings-form" onSubmit={submit} noValidate data-testid="company-settings-form">
      <div className="form__field">
        <label className="form__label" htmlFor={`${ID}-networks`}>
          {t('manageSettings.networks.label')}
        </label>
        <p className="form__hint" id={`${ID}-networks-hint`}>
          {t('manageSettings.networks.hint')}
        </p>
        <textarea
          id={`${ID}-networks`}
          className="input company-settings-form__networks"
          rows={6}
          spellCheck={false}
          autoComplete="off"
          placeholder={'203.0.113.0/24\n2001:db8::/32\n198.51.100.7'}
          value={networks}
          onChange={(event) => setNetworks(event.target.value)}
          aria-invalid={networksError ? true : undefined}
          aria-describedby={`${ID}-networks-hint ${ID}-networks-state${networksError ? ` ${ID}-networks-error` : ''}`}
          data-testid="company-networks"
        />
        <p className="form__hint" id={`${ID}-networks-state`} data-testid="company-networks-state">
          {networks.trim() === '' ? t('manageSettings.networks.empty') : t('manageSettings.networks.restricted')}{' '}
          {t('manageSettings.networks.yourAddress', { address: props.yourAddress })}
        </p>
        {networksError && (
          <p className="form__error" id={`${ID}-networks-error`} role="alert" data-testid="company-networks-error">
            {networksError}
          </p>
        )}
      </div>

      <fieldset className="form__field manage-user-form__group">
        <legend className="form__label">{t('manageSettings.gpt.label')}</legend>
        <label className="checkbox">
          <input type="checkbox" name="gpt-default-use" checked={gptDefaultUse} onChange={(event) => setGptDefaultUse(event.target.checked)} data-testid="company-gpt-default" />
          {t('manageSettings.gpt.on')}
        </label>
        <span className="form__hint">{t('manageSettings.gpt.hint')}</span>
      </fieldset>

      {formError && (
        <p className="form__alert" role="alert">
          {formError}
        </p>
      )}
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={!dirty || busy} data-testid="company-settings-save">
          {busy ? t('manageSettings.saving') : t('manageSettings.save')}
        </button>
      </div>
      {notice && <Snackbar message={notice} onClose={closeNotice} />}
    </form>
  );
}
