// /patent-creation-support/detail (§2, §3 patent creation result and update request): the draft
// section by section under the headings the document itself carries, each editable on its own
// (saving stores a new version; an edit made on an outdated version is refused with E056 instead
// of overwriting), the drawings with their figure numbers and descriptions (a figure without a
// picture takes one in place, stored as a new version), and the versions: an earlier one can be
// viewed and made the latest again.
import { useState } from 'react';
import type { DocumentLanguage, PatentDrawing, PatentSections, ReferenceSign } from '../src/patent-documents/model.ts';
import { characterCount } from '../src/history/shared.ts';
import { ApiError, apiRequest } from './api.ts';
import { claimLabel, figureLabel, paragraphsOf, sectionHeading, sectionOrder, type DraftVersion, type EditableSection, type ShownVersion } from './draft-editor/sections.ts';
import { SectionBody } from './draft-editor/SectionBody.tsx';
import { NoPicture } from './draft-editor/NoPicture.tsx';

export type { DraftVersion };
import { useT } from './i18n.tsx';
import { figureSentence } from '../src/patent-documents/layout.ts';

export interface DraftEditorProps extends ShownVersion {
  queryId: string;
}

const SECTION_LIMIT = 1500;
const TEXT: ReadonlySet<EditableSection> = new Set(['title', 'domain', 'background', 'issue', 'method', 'effect', 'embodiment', 'industrial_aplicability', 'abstract']);
const LISTS: ReadonlySet<EditableSection> = new Set(['preDocPatents', 'preDocNonPatents']);

/** What the editor of one section holds: text, or lines for lists, signs and claims. */
function draftOf(section: EditableSection, sections: PatentSections, drawings: PatentDrawing[]): string | string[] {
  if (TEXT.has(section)) return sections[section as keyof PatentSections] as string;
  if (LISTS.has(section)) return (sections[section as 'preDocPatents'] ?? []).join('\n');
  if (section === 'symbol_descriptions') return sections.symbol_descriptions.map((sign) => `${sign.sign} ${sign.name}`).join('\n');
  if (section === 'claims') return [...sections.claims];
  return drawings.map((drawing) => drawing.description);
}

const signsOf = (text: string): ReferenceSign[] =>
  text.split(/\r?\n/).map((line) => line.trim()).filter(Boolean).map((line) => {
    const match = /^(\S+)[\s　]+(.+)$/.exec(line);
    return match ? { sign: match[1]!, name: match[2]!.trim() } : { sign: line, name: '' };
  });

export default function DraftEditor(props: DraftEditorProps) {
  const t = useT();
  const [sections, setSections] = useState(props.sections);
  const [drawings, setDrawings] = useState(props.drawings);
  const [latest, setLatest] = useState(props.latestVersion);
  const [versions, setVersions] = useState(props.versions);
  const [editing, setEditing] = useState<EditableSection | null>(null);
  const [draft, setDraft] = useState<string | string[]>('');
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<{ section: EditableSection | 'versions'; text: string; errcode: string } | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const readOnly = props.version !== props.latestVersion;
  const shown = readOnly ? props.version : latest;
  const { lang } = props;

  const open = (section: EditableSection) => {
    setEditing(section);
    setDraft(draftOf(section, sections, drawings));
    setProblem(null);
    setSaved(null);
  };

  const updateOf = (section: EditableSection): Record<string, unknown> => {
    if (TEXT.has(section)) return { [section]: (draft as string).replace(/\r\n/g, '\n').trim() };
    if (LISTS.has(section)) return { [section]: paragraphsOf(draft as string) };
    if (section === 'symbol_descriptions') return { symbol_descriptions: signsOf(draft as string) };
    if (section === 'claims') return { claims: (draft as string[]).map((claim) => claim.trim()).filter(Boolean) };
    return { drawings: drawings.map((drawing, i) => ({ id: drawing.id, description: ((draft as string[])[i] ?? '').trim() })) };
  };

  const save = async () => {
    if (!editing) return;
    setSaving(true);
    setProblem(null);
    const update = updateOf(editing);
    try {
      const answer = await apiRequest<{ version: number }>('user', '/patent-creation-support/update', { body: { prefabId: props.prefabId, version: latest, ...update } });
      if (editing === 'drawings') {
        const descriptions = update.drawings as Array<{ id: string; description: string }>;
        setDrawings((current) => current.map((drawing, i) => ({ ...drawing, description: descriptions[i]?.description ?? drawing.description })));
      } else {
        setSections((current) => ({ ...current, ...(update as Partial<PatentSections>) }));
      }
      setLatest(answer.version);
      setVersions((current) => [{ version: answer.version, cause: 'edited', restoredFrom: null, editDate: t('draftEditor.versions.justNow') }, ...current]);
      setSaved(t('draftEditor.saved', { version: answer.version }));
      setEditing(null);
    } catch (error) {
      const errcode = error instanceof ApiError ? error.errcode : 'E999';
      if (errcode === 'E073' || errcode === 'E998') return;
      setProblem({ section: editing, errcode, text: error instanceof ApiError && error.detail ? error.detail : t('draftEditor.errors.E999') });
    } finally {
      setSaving(false);
    }
  };

  /** A picture for figure `index` that had none: stored with a new version, or the figure left as it was. */
  const attachPicture = async (index: number, file: File) => {
    const figure = drawings[index]!;
    setSaving(true);
    setProblem(null);
    setSaved(null);
    const form = new FormData();
    form.append('prefabId', props.prefabId);
    form.append('version', String(latest));
    form.append('drawingId', figure.id);
    form.append('picture', file, file.name);
    try {
      const answer = await apiRequest<{ version: number; drawing: PatentDrawing }>('user', '/patent-creation-support/drawings/attach', { body: form });
      setDrawings((current) => current.map((drawing) => (drawing.id === figure.id ? answer.drawing : drawing)));
      setLatest(answer.version);
      setVersions((current) => [{ version: answer.version, cause: 'edited', restoredFrom: null, editDate: t('draftEditor.versions.justNow') }, ...current]);
      setSaved(t('draftEditor.pictureAttached', { figure: figureLabel(lang, index), version: answer.version }));
    } catch (error) {
      const errcode = error instanceof ApiError ? error.errcode : 'E999';
      if (errcode === 'E073' || errcode === 'E998') return;
      setProblem({ section: 'drawings', errcode, text: error instanceof ApiError && error.detail ? error.detail : t('draftEditor.errors.E999') });
    } finally {
      setSaving(false);
    }
  };

  const restore = async () => {
    setSaving(true);
    try {
      const answer = await apiRequest<{ version: number }>('user', '/patent-creation-support/restore', {
        body: { prefabId: props.prefabId, version: props.version, expectedVersion: props.latestVersion },
      });
      window.location.assign(`/patent-creation-support/detail?id=${encodeURIComponent(props.queryId)}&type=patent_creation_support&version=${answer.version}`);
    } catch (error) {
      setSaving(false);
      const errcode = error instanceof ApiError ? error.errcode : 'E999';
      if (errcode !== 'E073' && errcode !== 'E998') setProblem({ section: 'versions', errcode, text: error instanceof ApiError && error.detail ? error.detail : t('draftEditor.errors.E999') });
    }
  };

  const counter = (text: string) => (
    <span className={`counter${characterCount(text) > SECTION_LIMIT ? ' is-over' : ''}`}>
      {characterCount(text)} / {SECTION_LIMIT}
    </span>
  );

  const editor = (section: EditableSection) => {
    if (section === 'claims' || section === 'drawings') {
      const items = draft as string[];
      return (
        <div className="draft-editor__items">
          {items.map((item, i) => (
            <label key={i} className="draft-editor__item">
              <span className="draft-editor__item-label">{section === 'claims' ? claimLabel(lang, i) : figureLabel(lang, i)}</span>
              <textarea className="textarea" rows={section === 'claims' ? 4 : 2} value={item} onChange={(event) => setDraft(items.map((x, j) => (j === i ? event.target.value : x)))} />
              {counter(item)}
              {section === 'claims' && items.length > 1 && (
                <button type="button" className="button button--small button--ghost" onClick={() => setDraft(items.filter((_, j) => j !== i))}>
                  {t('draftEditor.removeClaim')}
                </button>
              )}
            </label>
          ))}
          {section === 'claims' && (
            <button type="button" className="button button--small" onClick={() => setDraft([...items, ''])}>
              {t('draftEditor.addClaim')}
            </button>
          )}
        </div>
      );
    }
    const text = draft as string;
    return (
      <>
        {(LISTS.has(section) || section === 'symbol_descriptions') && <p className="fb-hint">{t(`draftEditor.hints.${section}`)}</p>}
        <textarea className="textarea draft-editor__textarea" rows={section === 'title' ? 2 : 8} value={text} onChange={(event) => setDraft(event.target.value)} data-testid={`editor-${section}`} />
        {counter(text)}
      </>
    );
  };

  const body = (section: EditableSection) => {
    if (section !== 'claims' && section !== 'drawings') return <SectionBody section={section} sections={sections} lang={lang} empty={t('draftEditor.empty')} />;
    if (section === 'claims') {
      return (
        <ol className="draft-editor__claims">
          {sections.claims.map((claim, i) => (
            <li key={i}>
              <span className="draft-editor__label">{claimLabel(lang, i)}</span>
              {paragraphsOf(claim).map((line, j) => (
                <span key={j} className="draft-editor__claim-line">
                  {line}
                </span>
              ))}
            </li>
          ))}
        </ol>
      );
    }
    return drawings.length ? (
      <ul className="draft-editor__drawings">
        {drawings.map((drawing, i) => (
          <li key={drawing.id} className="draft-editor__drawing">
            {drawing.withoutPicture ? (
              <NoPicture
                text={t('draftEditor.noPicture')}
                attach={readOnly ? undefined : { label: t('draftEditor.attachPicture'), ariaLabel: t('draftEditor.attachPictureTo', { figure: figureLabel(lang, i) }), disabled: saving || editing !== null, onPicture: (file) => void attachPicture(i, file) }}
              />
            ) : (
              <img src={`/patent-creation-support/drawing?id=${encodeURIComponent(drawing.id)}`} alt={figureLabel(lang, i)} loading="lazy" />
            )}
            <p>
              <span className="draft-editor__label">{figureLabel(lang, i)}</span> {lang === 'ja' ? drawing.description : figureSentence(drawing.description)}
            </p>
          </li>
        ))}
      </ul>
    ) : (
      <p className="draft-editor__empty">{t('draftEditor.noDrawings')}</p>
    );
  };

  return (
    <div className="draft-editor" lang={lang} data-testid="draft-editor" data-version={shown}>
      <aside className="draft-editor__versions panel" aria-label={t('draftEditor.versions.label')}>
        <h2 className="panel__title">{t('draftEditor.versions.label')}</h2>
        {readOnly && (
          <div className="draft-editor__old" role="status">
            <p>{t('draftEditor.versions.viewingOld', { version: props.version, latest: props.latestVersion })}</p>
            <button type="button" className="button button--primary button--small" onClick={() => void restore()} disabled={saving} data-testid="restore-version">
              {t('draftEditor.versions.restore', { version: props.version })}
            </button>
            {problem?.section === 'versions' && (
              <p className="form__alert" role="alert" data-errcode={problem.errcode}>
                {problem.text}
              </p>
            )}
          </div>
        )}
        <ol className="draft-editor__version-list" data-testid="versions">
          {versions.map((entry) => (
            <li key={entry.version} className={entry.version === shown ? 'is-current' : ''}>
              <a href={`/patent-creation-support/detail?id=${encodeURIComponent(props.queryId)}&type=patent_creation_support&version=${entry.version}`}>
                {t('draftEditor.versions.item', { version: entry.version })}
              </a>{' '}
              <span className="draft-editor__version-cause">
                {entry.cause === 'restored' && entry.restoredFrom ? t('draftEditor.versions.restoredFrom', { version: entry.restoredFrom }) : t(`draftEditor.versions.causes.${entry.cause}`)}
              </span>{' '}
              <time className="draft-editor__version-date">{entry.editDate}</time>
            </li>
          ))}
        </ol>
      </aside>
      <div className="draft-editor__document">
        {saved && (
          <p className="form__note draft-editor__saved" role="status" data-testid="draft-saved">
            {saved}
          </p>
        )}
        {sectionOrder().map((section) => {
          if ((section === 'preDocNonPatents' || section === 'industrial_aplicability') && !editing && isEmpty(section, sections)) return null;
          return (
            <section key={section} className={`draft-editor__section${editing === section ? ' is-editing' : ''}`} data-section={section}>
              <header className="draft-editor__heading">
                <h3>{sectionHeading(lang, section)}</h3>
                {!readOnly && editing !== section && (
                  <button type="button" className="button button--small button--ghost" onClick={() => open(section)} disabled={editing !== null} data-testid={`edit-${section}`}>
                    {t('draftEditor.edit')}
                  </button>
                )}
              </header>
              {editing === section ? (
                <div className="draft-editor__form">
                  {editor(section)}
                  {problem?.section === section && (
                    <p className="form__field-error" role="alert" data-errcode={problem.errcode}>
                      {problem.text}
                    </p>
                  )}
                  <div className="form__actions">
                    <button type="button" className="button button--primary button--small" onClick={() => void save()} disabled={saving} data-testid={`save-${section}`}>
                      {t('draftEditor.save')}
                    </button>
                    <button type="button" className="button button--small" onClick={() => setEditing(null)} disabled={saving}>
                      {t('draftEditor.cancel')}
                    </button>
                  </div>
                </div>
              ) : (
                <div className="draft-editor__body">
                  {body(section)}
                  {/* A refusal made outside the section's form (a picture attached to a figure). */}
                  {problem?.section === section && (
                    <p className="form__field-error" role="alert" data-errcode={problem.errcode}>
                      {problem.text}
                    </p>
                  )}
                </div>
              )}
            </section>
          );
        })}
      </div>
    </div>
  );
}

function isEmpty(section: EditableSection, sections: PatentSections): boolean {
  const value = sections[section as keyof PatentSections];
  return Array.isArray(value) ? value.length === 0 : !String(value ?? '').trim();
}
