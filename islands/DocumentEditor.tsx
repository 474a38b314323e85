// /patent-document-edit?id= (§1 patent document editing, §3 patent edit state): the document as
// items under the headings it carries. Each item can be selected (for a GPT instruction) and
// edited in place; edits save themselves after a pause as a new version, and undo brings back
// the one before. Claims and drawings move by drag or with the arrow buttons, and their numbers
// and the references to them follow; drawings are added (checked by content) and removed, and a
// figure without a picture takes one in place (same checks). The
// GPT panel and the drafting checks sit beside the document.
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { characterCount } from '../src/history/shared.ts';
import { itemKeys, itemText, withItemText } from '../src/edit/gpt-edit/items.ts';
import type { DocumentLanguage, PatentDrawing, PatentSections } from '../src/patent-documents/model.ts';
import { figureSentence } from '../src/patent-documents/layout.ts';
import { ApiError, apiRequest } from './api.ts';
import { ChecksPanel, itemAnchor } from './document-editor/ChecksPanel.tsx';
import { GptPanel } from './document-editor/GptPanel.tsx';
import { claimLabel, figureLabel, newClaimText, sectionHeading, sectionOrder, type DraftVersion, type EditableSection, type ShownVersion } from './draft-editor/sections.ts';
import { SectionBody } from './draft-editor/SectionBody.tsx';
import { DRAWING_ACCEPT, NoPicture } from './draft-editor/NoPicture.tsx';
import { useT } from './i18n.tsx';

/** A version of the document for an editing entry (`id`), with whether GPT can be used. */
export interface DocumentEditorProps extends ShownVersion {
  id: string;
  gptConfigured: boolean;
}

interface Loaded {
  version: number;
  latestVersion: number;
  sections: PatentSections;
  drawings: PatentDrawing[];
  versions: DraftVersion[];
}

const AUTOSAVE_MS = 1500;
const SECTION_LIMIT = 1500;

/** The update the save call takes for one item: the section it belongs to, whole. */
function updateFor(document: { lang: DocumentLanguage; sections: PatentSections; drawings: PatentDrawing[] }, key: string, text: string): Record<string, unknown> {
  const next = withItemText(document, key, text);
  if (key.startsWith('claims.')) return { claims: next.sections.claims };
  if (key.startsWith('drawings.')) return { drawings: next.drawings.map((drawing) => ({ id: drawing.id, description: drawing.description })) };
  return { [key]: next.sections[key as keyof PatentSections] };
}

export default function DocumentEditor(props: DocumentEditorProps) {
  const t = useT();
  const { lang, id } = props;
  const [doc, setDoc] = useState<Loaded>({ version: props.version, latestVersion: props.latestVersion, sections: props.sections, drawings: props.drawings, versions: props.versions });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [editing, setEditing] = useState<{ key: string; text: string } | null>(null);
  // `at`: the upload a refusal answers (a figure's id, or 'add-drawings'), to say it there too.
  const [status, setStatus] = useState<{ kind: 'saved' | 'saving' | 'error'; text: string; errcode?: string; at?: string } | null>(null);
  const [dragging, setDragging] = useState<{ what: 'claims' | 'drawings'; index: number } | null>(null);
  const autosave = useRef(0);
  const readOnly = doc.version !== doc.latestVersion;
  const document = { lang, sections: doc.sections, drawings: doc.drawings };

  const reload = async () => {
    const next = await apiRequest<Loaded>('user', `/patent-document-edit/document?id=${encodeURIComponent(id)}`, { method: 'GET' });
    setDoc({ version: next.version, latestVersion: next.latestVersion, sections: next.sections, drawings: next.drawings, versions: next.versions });
    // A reload keeps the address on the latest version.
    if (window.location.search.includes('version=')) window.history.replaceState(null, '', `/patent-document-edit?id=${encodeURIComponent(id)}`);
  };

  const fail = async (error: unknown, at?: string) => {
    const errcode = error instanceof ApiError ? error.errcode : 'E999';
    if (errcode === 'E073' || errcode === 'E998') return;
    setStatus({ kind: 'error', errcode, text: error instanceof ApiError && error.detail ? error.detail : t('documentEditor.errors.E999'), at });
    // Another tab saved first: show what is stored now (the text typed here stays in the box).
    if (errcode === 'E056') await reload().catch(() => undefined);
  };

  /** Runs a change on the server and shows the version it made. */
  const change = async (path: string, body: Record<string, unknown> | FormData, at?: string) => {
    setStatus({ kind: 'saving', text: t('documentEditor.saving') });
    try {
      const answer = await apiRequest<{ version: number }>('user', path, { body });
      await reload();
      setStatus({ kind: 'saved', text: t('documentEditor.saved', { version: answer.version }) });
      return true;
    } catch (error) {
      await fail(error, at);
      return false;
    }
  };

  const save = async (key: string, text: string) => {
    if (text === itemText(document, key)) return true;
    return change('/patent-document-edit/save', { id, version: doc.latestVersion, ...updateFor(document, key, text) });
  };

  // Autosave after a pause in typing.
  useEffect(() => {
    if (!editing) return;
    window.clearTimeout(autosave.current);
    autosave.current = window.setTimeout(() => void save(editing.key, editing.text), AUTOSAVE_MS);
    return () => window.clearTimeout(autosave.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editing?.text]);

  const finish = async () => {
    if (!editing) return;
    window.clearTimeout(autosave.current);
    if (await save(editing.key, editing.text)) setEditing(null);
  };

  const toggle = (key: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const move = (what: 'claims' | 'drawings', from: number, to: number) => {
    const count = what === 'claims' ? doc.sections.claims.length : doc.drawings.length;
    if (from === to || to < 0 || to >= count) return;
    const order = [...Array(count).keys()];
    order.splice(to, 0, ...order.splice(from, 1));
    setSelected(new Set());
    void change('/patent-document-edit/reorder', { id, version: doc.latestVersion, what, order });
  };
  const dragProps = (what: 'claims' | 'drawings', index: number) =>
    readOnly
      ? {}
      : {
          draggable: editing === null,
          onDragStart: () => setDragging({ what, index }),
          onDragOver: (event: DragEvent) => dragging?.what === what && event.preventDefault(),
          onDrop: (event: DragEvent) => {
            event.preventDefault();
            if (dragging?.what === what) move(what, dragging.index, index);
            setDragging(null);
          },
        };

  const addDrawings = async (files: FileList | null) => {
    if (!files?.length) return;
    const form = new FormData();
    form.append('id', id);
    form.append('version', String(doc.latestVersion));
    for (const file of files) form.append('drawings', file, file.name);
    await change('/patent-document-edit/drawings', form, 'add-drawings');
  };

  /** A picture in place for a figure that has none; the figure stays as it was if the file is refused. */
  const attachPicture = async (drawingId: string, file: File) => {
    const form = new FormData();
    form.append('id', id);
    form.append('version', String(doc.latestVersion));
    form.append('drawingId', drawingId);
    form.append('picture', file, file.name);
    await change('/patent-document-edit/drawings/attach', form, drawingId);
  };

  const undo = () => change('/patent-document-edit/undo', { id, version: doc.latestVersion });

  const itemLabel = (key: string): string => {
    const [section, index] = key.split('.');
    if (section === 'claims') return claimLabel(lang, Number(index));
    if (section === 'drawings') return figureLabel(lang, Number(index));
    return sectionHeading(lang, section as EditableSection);
  };

  const selectBox = (key: string) =>
    !readOnly && (
      <input type="checkbox" className="document-editor__select" checked={selected.has(key)} onChange={() => toggle(key)} aria-label={t('documentEditor.select', { item: itemLabel(key) })} data-testid={`select-${key}`} />
    );

  const editor = (key: string) => {
    if (!editing || editing.key !== key) return null;
    return (
      <div className="draft-editor__form">
        <textarea className="textarea draft-editor__textarea" rows={key === 'title' ? 2 : 6} value={editing.text} onChange={(event) => setEditing({ key, text: event.target.value })} autoFocus data-testid={`editor-${key}`} />
        <span className={`counter${characterCount(editing.text) > SECTION_LIMIT ? ' is-over' : ''}`}>
          {characterCount(editing.text)} / {SECTION_LIMIT}
        </span>
        <div className="form__actions">
          <button type="button" className="button button--primary button--small" onClick={() => void finish()} data-testid={`done-${key}`}>
            {t('documentEditor.done')}
          </button>
        </div>
      </div>
    );
  };

  const editButton = (key: string) =>
    !readOnly &&
    editing?.key !== key && (
      <button type="button" className="button button--small button--ghost" disabled={editing !== null} onClick={() => setEditing({ key, text: itemText(document, key) })} data-testid={`edit-${key}`}>
        {t('documentEditor.edit')}
      </button>
    );

  const textItem = (key: EditableSection) => (
    <section key={key} id={itemAnchor(key)} className={`draft-editor__section${selected.has(key) ? ' is-selected' : ''}`} data-section={key}>
      <header className="draft-editor__heading">
        <h3>
          {selectBox(key)} {sectionHeading(lang, key)}
        </h3>
        {editButton(key)}
      </header>
      {editing?.key === key ? editor(key) : <div className="draft-editor__body">{bodyOf(key)}</div>}
    </section>
  );

  const bodyOf = (key: EditableSection) => <SectionBody section={key as Exclude<keyof PatentSections, 'claims'>} sections={doc.sections} lang={lang} empty={t('documentEditor.empty')} />;

  const claims = (
    <section key="claims" className="draft-editor__section" data-section="claims">
      <header className="draft-editor__heading">
        <h3>{sectionHeading(lang, 'claims')}</h3>
        {!readOnly && (
          <button type="button" className="button button--small button--ghost" disabled={editing !== null} onClick={() => void change('/patent-document-edit/save', { id, version: doc.latestVersion, claims: [...doc.sections.claims, newClaimText(lang)] })}>
            {t('documentEditor.addClaim')}
          </button>
        )}
      </header>
      <ol className="draft-editor__claims document-editor__claims" data-testid="claims">
        {doc.sections.claims.map((claim, i) => {
          const key = `claims.${i}`;
          return (
            <li key={`${i}-${claim.slice(0, 20)}`} id={itemAnchor(key)} className={`document-editor__claim${selected.has(key) ? ' is-selected' : ''}`} {...dragProps('claims', i)} data-testid={`claim-${i}`}>
              <div className="document-editor__claim-head">
                {selectBox(key)}
                <span className="draft-editor__label">{claimLabel(lang, i)}</span>
                {!readOnly && (
                  <span className="document-editor__move">
                    <button type="button" className="button button--small button--ghost" disabled={i === 0 || editing !== null} onClick={() => move('claims', i, i - 1)} aria-label={t('documentEditor.moveUp', { item: claimLabel(lang, i) })} data-testid={`claim-up-${i}`}>
                      ↑
                    </button>
                    <button type="button" className="button button--small button--ghost" disabled={i === doc.sections.claims.length - 1 || editing !== null} onClick={() => move('claims', i, i + 1)} aria-label={t('documentEditor.moveDown', { item: claimLabel(lang, i) })} data-testid={`claim-down-${i}`}>
                      ↓
                    </button>
                  </span>
                )}
                {editButton(key)}
              </div>
              {editing?.key === key ? editor(key) : <p className="document-editor__claim-text">{claim}</p>}
            </li>
          );
        })}
      </ol>
    </section>
  );

  // A refused upload is said beside the input that sent it: the status line is out of sight down here.
  const refusal = (at: string) =>
    status?.kind === 'error' &&
    status.at === at && (
      <p className="form__field-error" role="alert" data-errcode={status.errcode}>
        {status.text}
      </p>
    );

  const drawings = (
    <section key="drawings" className="draft-editor__section" data-section="drawings">
      <header className="draft-editor__heading">
        <h3>{sectionHeading(lang, 'drawings')}</h3>
        {!readOnly && (
          <label className="button button--small">
            {t('documentEditor.addDrawings')}
            <input type="file" accept={DRAWING_ACCEPT} multiple hidden onChange={(event) => (void addDrawings(event.target.files), (event.target.value = ''))} data-testid="add-drawings" />
          </label>
        )}
      </header>
      {refusal('add-drawings')}
      {doc.drawings.length === 0 && <p className="draft-editor__empty">{t('documentEditor.noDrawings')}</p>}
      <ul className="draft-editor__drawings">
        {doc.drawings.map((drawing, i) => {
          const key = `drawings.${i}`;
          return (
            <li key={drawing.id} id={itemAnchor(key)} className={`draft-editor__drawing${selected.has(key) ? ' is-selected' : ''}`} {...dragProps('drawings', i)} data-testid={`drawing-${i}`}>
              {drawing.withoutPicture ? (
                <NoPicture
                  text={t('documentEditor.noPicture')}
                  attach={readOnly ? undefined : { label: t('documentEditor.attachPicture'), ariaLabel: t('documentEditor.attachPictureTo', { figure: figureLabel(lang, i) }), disabled: editing !== null || status?.kind === 'saving', onPicture: (file) => void attachPicture(drawing.id, file) }}
                />
              ) : (
                <img src={`/patent-creation-support/drawing?id=${encodeURIComponent(drawing.id)}`} alt={figureLabel(lang, i)} loading="lazy" />
              )}
              <div>
                <div className="document-editor__claim-head">
                  {selectBox(key)}
                  <span className="draft-editor__label">{figureLabel(lang, i)}</span>
                  {!readOnly && (
                    <span className="document-editor__move">
                      <button type="button" className="button button--small button--ghost" disabled={i === 0 || editing !== null} onClick={() => move('drawings', i, i - 1)} aria-label={t('documentEditor.moveUp', { item: figureLabel(lang, i) })}>
                        ↑
                      </button>
                      <button type="button" className="button button--small button--ghost" disabled={i === doc.drawings.length - 1 || editing !== null} onClick={() => move('drawings', i, i + 1)} aria-label={t('documentEditor.moveDown', { item: figureLabel(lang, i) })}>
                        ↓
                      </button>
                      <button type="button" className="button button--small button--ghost" disabled={editing !== null} onClick={() => void change('/patent-document-edit/drawings/remove', { id, version: doc.latestVersion, index: i })}>
                        {t('documentEditor.removeDrawing')}
                      </button>
                    </span>
                  )}
                  {editButton(key)}
                </div>
                {editing?.key === key ? editor(key) : <p>{lang === 'ja' ? drawing.description : figureSentence(drawing.description)}</p>}
                {refusal(drawing.id)}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );

  return (
    <div className="document-editor" lang={lang} data-testid="document-editor" data-version={doc.version}>
      <div className="document-editor__side">
        <section className="panel draft-editor__versions" aria-label={t('documentEditor.versions.label')}>
          <h2 className="panel__title">{t('documentEditor.versions.label')}</h2>
          {readOnly && <p className="draft-editor__old">{t('documentEditor.versions.viewingOld', { version: doc.version, latest: doc.latestVersion })}</p>}
          {!readOnly && (
            <button type="button" className="button button--small" onClick={() => void undo()} disabled={doc.latestVersion < 2 || editing !== null} data-testid="undo">
              {t('documentEditor.undo')}
            </button>
          )}
          <ol className="draft-editor__version-list" data-testid="versions">
            {doc.versions.slice(0, 12).map((entry) => (
              <li key={entry.version} className={entry.version === doc.version ? 'is-current' : ''}>
                <a href={`/patent-document-edit?id=${encodeURIComponent(id)}&version=${entry.version}`}>{t('documentEditor.versions.item', { version: entry.version })}</a>{' '}
                <span className="draft-editor__version-cause">{t(`documentEditor.versions.causes.${entry.cause}`)}</span> <time className="draft-editor__version-date">{entry.editDate}</time>
              </li>
            ))}
          </ol>
        </section>
        <GptPanel id={id} version={doc.latestVersion} selected={itemKeys(document).filter((key) => selected.has(key))} itemLabel={itemLabel} gptConfigured={props.gptConfigured} onApplied={reload} />
        <ChecksPanel id={id} version={doc.latestVersion} />
      </div>
      <div className="draft-editor__document">
        {status && (
          <p className={status.kind === 'error' ? 'form__alert' : 'form__note'} role="status" data-testid="edit-status" data-errcode={status.errcode}>
            {status.text}
          </p>
        )}
        {sectionOrder()
          // US filings have no industrial applicability section: shown only when it holds text.
          .filter((section) => !(lang === 'en' && section === 'industrial_aplicability' && !doc.sections.industrial_aplicability.trim()))
          .map((section) => (section === 'claims' ? claims : section === 'drawings' ? drawings : textItem(section)))}
      </div>
    </div>
  );
}
