// The account settings form of /setting and /manage/setting: profile image (upload with
// preview, remove), name (≤ 50), display language. Saving calls /account/update; the
// "account updated" notice follows, then a reload when the header or language changed.
import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  characterCount,
  NAME_MAX_LENGTH,
  PROFILE_IMAGE_ACCEPT,
  PROFILE_IMAGE_MAX_BYTES,
  profileImagePath,
} from '../src/account/shared.ts';
import { ApiError, apiRequest, type Area } from './api.ts';
import { useT } from './i18n.tsx';
import { Snackbar } from './Snackbar.tsx';

type LanguageCD = 'lang_ja' | 'lang_en';

export interface AccountSettingsFormProps {
  area: Area;
  uid: string;
  email: string;
  companyName: string;
  userName: string;
  languageCD: LanguageCD;
  profileImg: string | null;
}

interface Values {
  userName: string;
  languageCD: LanguageCD;
  profileImg: string | null;
}

/** Codes the global dialogs handle (§8): never shown in the form. */
const GLOBAL_CODES = new Set(['E073', 'ME041', 'E998', 'ME998']);
const LANGUAGES: LanguageCD[] = ['lang_ja', 'lang_en'];
const ID = 'account-settings';

export default function AccountSettingsForm(props: AccountSettingsFormProps) {
  const t = useT();
  const { area } = props;
  const codes = area === 'manage' ? { required: 'ME029', tooLong: 'ME028', invalid: 'ME999', unexpected: 'ME999' } : { required: 'E057', tooLong: 'E058', invalid: 'E102', unexpected: 'E999' };

  const [saved, setSaved] = useState<Values>({ userName: props.userName, languageCD: props.languageCD, profileImg: props.profileImg });
  const [values, setValues] = useState<Values>(saved);
  const [nameError, setNameError] = useState<string>();
  const [imageError, setImageError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [notice, setNotice] = useState<string>();
  const reloadAfterNotice = useRef(false);

  const dirty = values.userName !== saved.userName || values.languageCD !== saved.languageCD || values.profileImg !== saved.profileImg;
  const nameLength = characterCount(values.userName.trim());
  const message = (errcode: string) => t(`settings.errors.${errcode}`);

  const closeNotice = useCallback(() => {
    setNotice(undefined);
    if (reloadAfterNotice.current) window.location.reload();
  }, []);

  const nameProblem = (name: string): string | undefined => {
    const trimmed = name.trim();
    if (trimmed === '') return codes.required;
    if (characterCount(trimmed) > NAME_MAX_LENGTH) return codes.tooLong;
    return undefined;
  };

  const chooseImage = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same file can be chosen again
    if (!file) return;
    setImageError(undefined);
    if (file.size === 0 || file.size > PROFILE_IMAGE_MAX_BYTES) {
      setImageError(t('settings.image.invalid'));
      return;
    }
    const form = new FormData();
    form.append('image', file);
    setUploading(true);
    try {
      const { profileImg } = await apiRequest<{ profileImg: string }>(area, '/account/profile-image', { body: form });
      setValues((current) => ({ ...current, profileImg }));
    } catch (error) {
      const errcode = error instanceof ApiError ? error.errcode : codes.unexpected;
      if (!GLOBAL_CODES.has(errcode)) setImageError(errcode === codes.invalid ? t('settings.image.invalid') : message(codes.unexpected));
    } finally {
      setUploading(false);
    }
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    const problem = nameProblem(values.userName);
    setNameError(problem && message(problem));
    if (problem || !dirty) return;
    setSaving(true);
    try {
      const account = await apiRequest<Values & { uid: string }>(area, '/account/update', {
        body: { uid: props.uid, userName: values.userName.trim(), languageCD: values.languageCD, profileImg: values.profileImg },
      });
      const next: Values = { userName: account.userName, languageCD: account.languageCD, profileImg: account.profileImg };
      // The header shows the name and every page the language: both come from the server.
      reloadAfterNotice.current = next.languageCD !== saved.languageCD || next.userName !== saved.userName;
      setSaved(next);
      setValues(next);
      setNotice(t('settings.updated'));
    } catch (error) {
      const errcode = error instanceof ApiError ? error.errcode : codes.unexpected;
      if (GLOBAL_CODES.has(errcode)) return;
      if (errcode === codes.required || errcode === codes.tooLong) setNameError(message(errcode));
      else setFormError(message(errcode === codes.invalid ? codes.invalid : codes.unexpected));
    } finally {
      setSaving(false);
    }
  };

  const reset = () => {
    setValues(saved);
    setNameError(undefined);
    setImageError(undefined);
    setFormError(undefined);
  };

  const initial = (values.userName.trim() || saved.userName).slice(0, 1).toUpperCase();
  const busy = saving || uploading || notice !== undefined;

  return (
    <form className="settings-form" onSubmit={save} noValidate data-testid="account-settings-form">
      <div className="settings-form__avatar-row">
        <div className="settings-avatar" data-testid="profile-image-preview">
          {values.profileImg ? (
            <img className="settings-avatar__image" src={profileImagePath(area, values.profileImg)} alt={t('settings.image.alt')} width={96} height={96} />
          ) : (
            <span className="settings-avatar__initial" aria-hidden="true">
              {initial}
            </span>
          )}
        </div>
        <div className="settings-form__avatar-body">
          <span className="form__label" id={`${ID}-image-label`}>
            {t('settings.image.label')}
          </span>
          <div className="settings-form__avatar-actions">
            <label className={`button settings-form__choose${uploading || saving ? ' is-disabled' : ''}`}>
              <input
                className="settings-form__file"
                type="file"
                name="image"
                accept={PROFILE_IMAGE_ACCEPT}
                onChange={chooseImage}
                disabled={uploading || saving}
                aria-labelledby={`${ID}-image-label`}
                aria-describedby={`${ID}-image-hint${imageError ? ` ${ID}-image-error` : ''}`}
                data-testid="profile-image-input"
              />
              {uploading ? t('settings.image.uploading') : t('settings.image.choose')}
            </label>
            {values.profileImg && (
              <button
                type="button"
                className="button settings-form__remove"
                onClick={() => {
                  setImageError(undefined);
                  setValues((current) => ({ ...current, profileImg: null }));
                }}
                disabled={uploading || saving}
                data-testid="profile-image-remove"
              >
                {t('settings.image.remove')}
              </button>
            )}
          </div>
          <p className="settings-form__hint" id={`${ID}-image-hint`}>
            {t('settings.image.hint')}
          </p>
          {imageError && (
            <p className="form__error" id={`${ID}-image-error`} role="alert">
              {imageError}
            </p>
          )}
        </div>
      </div>

      <div className="settings-form__readonly">
        <dl>
          <div className="settings-form__readonly-row">
            <dt>{t('settings.email')}</dt>
            <dd data-testid="account-email">{props.email}</dd>
          </div>
          <div className="settings-form__readonly-row">
            <dt>{t('settings.companyName')}</dt>
            <dd data-testid="account-company">{props.companyName}</dd>
          </div>
        </dl>
        <p className="settings-form__hint">{t(`settings.readOnlyHint.${area}`)}</p>
      </div>

      <div className="form__field">
        <div className="settings-form__label-row">
          <label className="form__label" htmlFor={`${ID}-name`}>
            {t('settings.name.label')}
            <span className="settings-form__required">{t('settings.name.required')}</span>
          </label>
          <span className={`settings-form__counter${nameLength > NAME_MAX_LENGTH ? ' is-over' : ''}`} aria-live="polite">
            {t('settings.name.counter', { count: nameLength, max: NAME_MAX_LENGTH })}
          </span>
        </div>
        <input
          id={`${ID}-name`}
          className="input"
          type="text"
          name="userName"
          autoComplete="name"
          value={values.userName}
          onChange={(event) => {
            const userName = event.target.value;
            setValues((current) => ({ ...current, userName }));
            if (nameError) setNameError(nameProblem(userName) && message(nameProblem(userName)!));
          }}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? `${ID}-name-error` : undefined}
          data-testid="account-name"
        />
        {nameError && (
          <p className="form__error" id={`${ID}-name-error`} role="alert" data-testid="account-name-error">
            {nameError}
          </p>
        )}
      </div>

      <fieldset className="form__field settings-form__fieldset">
        <legend className="form__label">{t('settings.language.label')}</legend>
        <div className="settings-segmented">
          {LANGUAGES.map((code) => (
            <label key={code} className={`settings-segmented__item${values.languageCD === code ? ' is-selected' : ''}`}>
              <input
                type="radio"
                name="languageCD"
                value={code}
                checked={values.languageCD === code}
                onChange={() => setValues((current) => ({ ...current, languageCD: code }))}
                data-testid={`account-language-${code}`}
              />
              <span lang={code === 'lang_ja' ? 'ja' : 'en'}>{t(`settings.language.${code === 'lang_ja' ? 'ja' : 'en'}`)}</span>
            </label>
          ))}
        </div>
        <p className="settings-form__hint">{t('settings.language.hint')}</p>
      </fieldset>

      {formError && (
        <p className="form__alert" role="alert" data-testid="account-form-error">
          {formError}
        </p>
      )}

      <div className="settings-form__actions">
        {dirty && !notice && <span className="settings-form__unsaved">{t('settings.unsaved')}</span>}
        <button type="button" className="button" onClick={reset} disabled={!dirty || busy}>
          {t('settings.reset')}
        </button>
        <button type="submit" className="button button--primary settings-form__save" disabled={!dirty || busy} data-testid="account-save">
          {saving ? t('settings.saving') : t('settings.save')}
        </button>
      </div>

      {notice && <Snackbar message={notice} onClose={closeNotice} />}
    </form>
  );
}
