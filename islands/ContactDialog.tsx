// The contact (inquiry) dialog of both areas (SPEC §2, §4 "Inquiry form", §5 "Contact
// form"): name, email, body with a character counter, up to 5 attachments (8 MB in
// total) with a counter, and an error area. It checks the same rules as the API
// (src/contact/rules.ts) and shows the same messages, so a request the dialog sends
// normally passes; the server still decides, by content, and its answer shows here.
// The Header opens it; it also works as an island of its own (open from the start).
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ChangeEvent, type DragEvent, type FormEvent } from 'react';
import {
  ALLOWED_EXTENSIONS,
  INQUIRY_LIMITS,
  bodyRule,
  characterCount,
  duplicateIndexes,
  emailRule,
  fileNameTooLong,
  filesRule,
  hasAllowedExtension,
  inquiryCode,
  nameRule,
  normalizeFields,
  normalizeFileName,
  totalSize,
  type InquiryRule,
} from '../src/contact/rules.ts';
import { ApiError, apiRequest, type Area } from './api.ts';
import { shortenFileName } from './file-name.ts';
import { useT } from './i18n.tsx';
import { Snackbar } from './Snackbar.tsx';

export interface ContactDialogProps {
  area: Area;
  /** Pre-filled from the signed-in account; the person may change them. */
  defaultName?: string;
  defaultEmail?: string;
  /** Whether the dialog shows (default: shown). Closed, it keeps what was typed. */
  open?: boolean;
  onClose?: () => void;
}

interface Attachment {
  id: number;
  file: File;
  /** The name as sent and checked (NFC). */
  name: string;
}

/** Codes the global dialogs handle (session expired, outdated version): not repeated here (§8). */
const HANDLED_GLOBALLY = new Set(['E073', 'ME041', 'E998', 'ME998']);

const ACCEPT = ALLOWED_EXTENSIONS.map((extension) => `.${extension}`).join(',');

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.max(0.1, bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

type Field = 'name' | 'email' | 'body';

let nextAttachmentId = 1;

export default function ContactDialog({ area, defaultName = '', defaultEmail = '', open = true, onClose }: ContactDialogProps) {
  const t = useT();
  const ids = useId();
  const [name, setName] = useState(defaultName);
  const [email, setEmail] = useState(defaultEmail);
  const [body, setBody] = useState('');
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  // A field's message shows once the person has changed it and left it ("visited"); a
  // field only focused on the way (the dialog focuses the first empty one) stays quiet.
  const [dirty, setDirty] = useState<Record<Field, boolean>>({ name: false, email: false, body: false });
  const [visited, setVisited] = useState<Record<Field, boolean>>({ name: false, email: false, body: false });
  const [posting, setPosting] = useState(false);
  const [sent, setSent] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const dialogRef = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const bodyInput = useRef<HTMLTextAreaElement>(null);

  const message = useCallback(
    (rule: InquiryRule) => (rule === 'fileType' ? t('contact.errors.fileType') : t(`contact.errors.${inquiryCode(rule, area)}`)),
    [t, area],
  );

  // Checked as the server will see them (trimmed name and email, LF line breaks).
  const fields = useMemo(() => normalizeFields({ name, email, body }), [name, email, body]);
  const rules = useMemo(() => {
    const files = attachments.map((attachment) => ({ name: attachment.name, size: attachment.file.size }));
    const duplicates = duplicateIndexes(files);
    const fileProblems = attachments.map((attachment, index): InquiryRule | undefined =>
      fileNameTooLong(attachment.name) ? 'fileNameTooLong' : duplicates.has(index) ? 'duplicateFileName' : !hasAllowedExtension(attachment.name) ? 'fileType' : undefined,
    );
    const filesBroken = filesRule(files) ?? (fileProblems.includes('fileType') ? 'fileType' : undefined);
    return { name: nameRule(fields.name), email: emailRule(fields.email), body: bodyRule(fields.body), files: filesBroken, fileProblems };
  }, [fields, attachments]);

  const empty = fields.name === '' || fields.email === '' || fields.body.trim() === '';
  const invalid = Boolean(rules.name || rules.email || rules.body || rules.files);
  const sendDisabled = posting || sent || empty || invalid;
  const bodyCount = characterCount(fields.body);
  const size = totalSize(attachments.map((attachment) => attachment.file));
  const full = attachments.length >= INQUIRY_LIMITS.files;

  /** A field's message once the person has edited and left it; "too long" at once, as the counter does. */
  const fieldError = (field: Field): string | undefined => {
    const rule = rules[field];
    if (!rule) return undefined;
    return visited[field] || rule.endsWith('TooLong') ? message(rule) : undefined;
  };

  const close = useCallback(() => {
    if (posting || sent) return;
    setServerError(null);
    onClose?.();
  }, [posting, sent, onClose]);

  // Focus: the first field that needs typing on open; back to where it was on close.
  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const firstEmpty = [nameInput.current, emailInput.current, bodyInput.current].find((input) => input && input.value.trim() === '');
    (firstEmpty ?? bodyInput.current)?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      if (previous && document.contains(previous)) previous.focus();
    };
  }, [open]);

  // Escape closes; Tab stays inside the dialog.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close();
        return;
      }
      if (event.key !== 'Tab' || !dialogRef.current) return;
      const focusable = [...dialogRef.current.querySelectorAll<HTMLElement>('button:not(:disabled), input:not([type="file"]):not(:disabled), textarea:not(:disabled), [href]')];
      if (focusable.length === 0) return;
      const first = focusable[0]!;
      const last = focusable[focusable.length - 1]!;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, close]);

  const addFiles = (list: FileList | null) => {
    if (!list || list.length === 0) return;
    setServerError(null);
    const added = [...list].map((file) => ({ id: nextAttachmentId++, file, name: normalizeFileName(file.name) }));
    setAttachments((current) => [...current, ...added]);
  };

  const onFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    addFiles(event.target.files);
    event.target.value = ''; // the same file can be chosen again after removing it
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!full && !posting && !sent) addFiles(event.dataTransfer.files);
  };

  const removeAttachment = (id: number) => {
    setServerError(null);
    setAttachments((current) => current.filter((attachment) => attachment.id !== id));
  };

  // Ends the success notice (§4): the form is cleared and the dialog closes.
  const finishSent = useCallback(() => {
    setSent(false);
    setName(defaultName);
    setEmail(defaultEmail);
    setBody('');
    setAttachments([]);
    setDirty({ name: false, email: false, body: false });
    setVisited({ name: false, email: false, body: false });
    setServerError(null);
    onClose?.();
  }, [defaultName, defaultEmail, onClose]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setVisited({ name: true, email: true, body: true });
    if (sendDisabled) return;
    const form = new FormData();
    form.append('name', name);
    form.append('email', email);
    form.append('body', body);
    for (const attachment of attachments) form.append('files', attachment.file, attachment.name);
    setPosting(true);
    setServerError(null);
    try {
      await apiRequest(area, '/contact', { body: form });
      setSent(true);
    } catch (error) {
      const errcode = error instanceof ApiError ? error.errcode : '';
      if (!HANDLED_GLOBALLY.has(errcode)) {
        const key = `contact.errors.${errcode}`;
        const text = errcode ? t(key) : key;
        setServerError(text === key ? t('contact.errors.unexpected') : text);
      }
    } finally {
      setPosting(false);
    }
  };

  if (!open) return null;

  const edit = (id: Field, set: (value: string) => void, value: string) => {
    set(value);
    setServerError(null);
    if (!dirty[id]) setDirty((current) => ({ ...current, [id]: true }));
  };

  const field = (id: Field) => ({
    id: `${ids}-${id}`,
    'aria-invalid': fieldError(id) ? true : undefined,
    'aria-describedby': fieldError(id) ? `${ids}-${id}-error` : undefined,
    onBlur: () => dirty[id] && setVisited((current) => ({ ...current, [id]: true })),
    disabled: posting || sent,
  });
  const error = (id: Field) =>
    fieldError(id) && (
      <p className="form__error" id={`${ids}-${id}-error`}>
        {fieldError(id)}
      </p>
    );

  return (
    <>
      <div className="dialog-backdrop contact-backdrop">
        <div ref={dialogRef} className="dialog contact-dialog" role="dialog" aria-modal="true" aria-labelledby={`${ids}-title`} data-testid="contact-dialog">
          <div className="contact-dialog__header">
            <h2 id={`${ids}-title`} className="dialog__title">
              {t('contact.title')}
            </h2>
            <button type="button" className="contact-dialog__close" aria-label={t('contact.close')} title={t('contact.close')} onClick={close} disabled={posting || sent}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
          <form className="contact-dialog__form" onSubmit={submit} noValidate>
            <div className="contact-dialog__scroll">
              <p className="contact-dialog__lead">{t('contact.lead')}</p>
              {serverError && (
                <div className="form__alert contact-dialog__alert" role="alert" data-testid="contact-error">
                  {serverError}
                </div>
              )}
              <div className="form__field">
                <label className="form__label" htmlFor={`${ids}-name`}>
                  {t('contact.name')}
                  <span className="contact-dialog__required">{t('contact.required')}</span>
                </label>
                <input
                  ref={nameInput}
                  className="input"
                  name="name"
                  autoComplete="name"
                  placeholder={t('contact.namePlaceholder')}
                  value={name}
                  onChange={(event) => edit('name', setName, event.target.value)}
                  {...field('name')}
                />
                {error('name')}
              </div>
              <div className="form__field">
                <label className="form__label" htmlFor={`${ids}-email`}>
                  {t('contact.email')}
                  <span className="contact-dialog__required">{t('contact.required')}</span>
                </label>
                <input
                  ref={emailInput}
                  className="input"
                  name="email"
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  placeholder={t('contact.emailPlaceholder')}
                  value={email}
                  onChange={(event) => edit('email', setEmail, event.target.value)}
                  {...field('email')}
                />
                {error('email')}
              </div>
              <div className="form__field">
                <div className="contact-dialog__label-row">
                  <label className="form__label" htmlFor={`${ids}-body`}>
                    {t('contact.body')}
                    <span className="contact-dialog__required">{t('contact.required')}</span>
                  </label>
                  <span className={`contact-dialog__counter${bodyCount > INQUIRY_LIMITS.body ? ' is-over' : ''}`} data-testid="contact-body-counter" aria-label={t('contact.bodyCounter', { count: bodyCount, max: INQUIRY_LIMITS.body })}>
                    {bodyCount}/{INQUIRY_LIMITS.body}
                  </span>
                </div>
                <textarea
                  ref={bodyInput}
                  className="input contact-dialog__textarea"
                  name="body"
                  rows={5}
                  placeholder={t('contact.bodyPlaceholder')}
                  value={body}
                  onChange={(event) => edit('body', setBody, event.target.value)}
                  {...field('body')}
                />
                {error('body')}
              </div>
              <div
                className={`form__field contact-dialog__files${dragging ? ' is-dragging' : ''}`}
                onDragOver={(event) => {
                  event.preventDefault();
                  setDragging(true);
                }}
                onDragLeave={() => setDragging(false)}
                onDrop={onDrop}
              >
                <div className="contact-dialog__label-row">
                  <span className="form__label" id={`${ids}-files`}>
                    {t('contact.attachments')}
                    <span className="contact-dialog__optional">{t('contact.optional')}</span>
                  </span>
                  <span
                    className={`contact-dialog__counter${attachments.length > INQUIRY_LIMITS.files ? ' is-over' : ''}`}
                    data-testid="contact-file-counter"
                    aria-label={t('contact.fileCounter', { count: attachments.length, max: INQUIRY_LIMITS.files })}
                  >
                    {attachments.length}/{INQUIRY_LIMITS.files}
                  </span>
                </div>
                <p className="contact-dialog__hint">{t('contact.attachHint')}</p>
                {attachments.length > 0 && (
                  <ul className="contact-dialog__file-list" aria-labelledby={`${ids}-files`}>
                    {attachments.map((attachment, index) => {
                      const problem = rules.fileProblems[index];
                      return (
                        <li key={attachment.id} className={`contact-dialog__file${problem ? ' is-invalid' : ''}`} data-testid="contact-file">
                          <span className="contact-dialog__file-icon" aria-hidden="true" />
                          <span className="contact-dialog__file-text">
                            <span className="contact-dialog__file-name" title={attachment.name} data-testid="contact-file-name">
                              {shortenFileName(attachment.name)}
                            </span>
                            <span className="contact-dialog__file-meta">
                              {formatSize(attachment.file.size)}
                              {problem && <span className="contact-dialog__file-problem"> · {t(`contact.fileProblems.${problem}`)}</span>}
                            </span>
                          </span>
                          <button
                            type="button"
                            className="contact-dialog__remove"
                            onClick={() => removeAttachment(attachment.id)}
                            disabled={posting || sent}
                            aria-label={t('contact.removeFile', { name: attachment.name })}
                            title={t('contact.remove')}
                          >
                            <span aria-hidden="true">×</span>
                          </button>
                        </li>
                      );
                    })}
                  </ul>
                )}
                <div className="contact-dialog__attach-row">
                  <button
                    type="button"
                    className="button contact-dialog__attach"
                    onClick={() => fileInput.current?.click()}
                    disabled={full || posting || sent}
                    title={full ? t('contact.attachFull') : undefined}
                    data-testid="contact-attach"
                  >
                    <svg className="contact-dialog__clip" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
                      <path
                        d="M20.5 11.5l-8.1 8.1a5 5 0 0 1-7.1-7.1l8.5-8.5a3.3 3.3 0 0 1 4.7 4.7l-8.5 8.5a1.7 1.7 0 0 1-2.4-2.4l7.8-7.8"
                        fill="none"
                        stroke="currentColor"
                        strokeWidth="1.8"
                        strokeLinecap="round"
                        strokeLinejoin="round"
                      />
                    </svg>
                    {t('contact.attach')}
                  </button>
                  <span className={`contact-dialog__total${size > INQUIRY_LIMITS.totalBytes ? ' is-over' : ''}`}>
                    {t('contact.totalSize', { size: formatSize(size), max: '8 MB' })}
                  </span>
                  <input
                    ref={fileInput}
                    type="file"
                    multiple
                    accept={ACCEPT}
                    className="contact-dialog__file-input"
                    tabIndex={-1}
                    aria-hidden="true"
                    onChange={onFileChange}
                    data-testid="contact-file-input"
                  />
                </div>
                {rules.files && (
                  <p className="form__error" role="status">
                    {message(rules.files)}
                  </p>
                )}
              </div>
            </div>
            <div className="contact-dialog__actions">
              <button type="button" className="button" onClick={close} disabled={posting || sent}>
                {t('contact.cancel')}
              </button>
              <button type="submit" className="button button--primary" disabled={sendDisabled} data-testid="contact-send" aria-busy={posting || undefined}>
                {posting ? t('contact.sending') : t('contact.send')}
              </button>
            </div>
          </form>
        </div>
      </div>
      {sent && <Snackbar message={t('contact.sent')} onClose={finishSent} />}
    </>
  );
}
