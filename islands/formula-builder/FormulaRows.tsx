// The formula rows of one input mode (§3 formula row: id, text, tag, valid flag) and their
// combination, with each row's validity as it is typed (the same parser as the server).
import { useEffect, useLayoutEffect, useRef, type ChangeEvent, type KeyboardEvent, type ReactNode } from 'react';
import type { FormulaSet } from '../../src/detail-search/input.ts';
import { FORMULA_LIMITS, formulaProblem, islandMessageKey, type FormulaProblem, type FormulaTag } from '../../src/patents/query/formula-rules.ts';
import type { FormulaChecks } from './formula-checks.ts';
import { useT } from '../i18n.tsx';
import { canAddRow, characterCount, filterCombination, implicitCombination, isFormulaTag, oneLine, placeholderKind, TAG_GROUPS, type SetValidation } from './model.ts';

export interface ServerMessage {
  errcode: string;
  text: string;
}

export interface CombinationNotice {
  /** Characters refused as typed. */
  rejected?: string[];
  /** A deleted row the combination still names (left as typed: it needs a look). */
  usedDeleted?: number;
  /** The combination was rewritten to the rows' new numbers after a delete. */
  renumbered?: boolean;
}

interface FormulaRowsProps {
  idPrefix: string;
  set: FormulaSet;
  validation: SetValidation;
  /** The parser, for the warnings beside a row: none shown before it comes. */
  checks: FormulaChecks | null;
  /** After a search attempt, empty rows show their problem too (before it they are just "not entered"). */
  showAll: boolean;
  serverRows: Record<number, ServerMessage>;
  serverCombination: ServerMessage | null;
  notice: CombinationNotice;
  disabled: boolean;
  /** Row id whose text field should take the focus (after add or delete). */
  focusRow: number | null;
  onFocused: () => void;
  onRowChange: (id: number, change: { text?: string; tag?: FormulaTag }) => void;
  onAdd: (focus: boolean) => void;
  onDelete: (id: number) => void;
  onCombinationChange: (value: string, rejected: string[]) => void;
  onDismissNotice: () => void;
  /** Shown under a row's formula (the examination simulation's learning text); rows are in order, so `index` is the row's position. */
  rowExtra?: (row: FormulaSet['formulas'][number], index: number) => ReactNode;
}

/** A row's length counter shows from this share of the limit on. */
const COUNTER_FROM = 0.8;

export function problemText(t: ReturnType<typeof useT>, problem: FormulaProblem): string {
  const text = t(islandMessageKey(problem), problem.values);
  return problem.at === undefined ? text : `${text} ${t('formulaBuilder.rows.at', { position: problem.at + 1 })}`;
}

export function FormulaRows(props: FormulaRowsProps) {
  const t = useT();
  const { idPrefix, set, validation, showAll, serverRows, disabled } = props;
  const textRefs = useRef(new Map<number, HTMLTextAreaElement>());
  const combinationRef = useRef<HTMLInputElement>(null);
  const caretRef = useRef<number | null>(null);

  useEffect(() => {
    if (props.focusRow === null) return;
    const element = textRefs.current.get(props.focusRow);
    if (element) {
      element.focus();
      element.setSelectionRange(element.value.length, element.value.length);
    }
    props.onFocused();
  });

  // Refused characters leave the caret where the person was typing, not at the end.
  useLayoutEffect(() => {
    if (caretRef.current === null || !combinationRef.current) return;
    combinationRef.current.setSelectionRange(caretRef.current, caretRef.current);
    caretRef.current = null;
  });

  const onTextKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>, index: number) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    // Formulas are one line; Enter goes to the next row (a new one after the last), never submits.
    event.preventDefault();
    const next = set.formulas[index + 1];
    if (next) textRefs.current.get(next.id)?.focus();
    else if (canAddRow(set) && event.currentTarget.value.trim() !== '') props.onAdd(true);
  };

  const onCombination = (event: ChangeEvent<HTMLInputElement>) => {
    const caret = event.target.selectionStart ?? event.target.value.length;
    const filtered = filterCombination(event.target.value, caret);
    if (filtered.value !== event.target.value) caretRef.current = caret - filtered.removedBeforeCaret;
    props.onCombinationChange(filtered.value, filtered.rejected);
  };

  const combinationProblem = validation.combination;
  const implicit = implicitCombination(set);
  const combinationMessage = props.serverCombination?.text ?? (combinationProblem ? problemText(t, combinationProblem) : null);
  const count = set.formulas.length;
  // The right tag's values and their meanings (0 lapsed, 1 in force, 2 pending; 3 only for China).
  // The values in words (権利存続+審査中): the codes behind them are the store's business.
  const rightPlaceholder = t('formulaBuilder.placeholders.right', { example: `${t('formulaRightValues.1')}+${t('formulaRightValues.2')}` });

  return (
    <div className="fb-rows">
      <table className="fb-rows__table" aria-describedby={`${idPrefix}-rows-hint`}>
        <caption className="fb-sr">{t('formulaBuilder.rows.caption')}</caption>
        <thead>
          <tr>
            <th scope="col" className="fb-rows__id-head">
              {t('formulaBuilder.rows.id')}
            </th>
            <th scope="col" className="fb-rows__tag-head">
              {t('formulaBuilder.rows.tag')}
            </th>
            <th scope="col">{t('formulaBuilder.rows.text')}</th>
            <th scope="col" className="fb-rows__status-head">
              {t('formulaBuilder.rows.status')}
            </th>
            <th scope="col" className="fb-rows__action-head">
              <span className="fb-sr">{t('formulaBuilder.rows.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {set.formulas.map((row, index) => {
            const problem = validation.rows[row.id] ?? null;
            const server = serverRows[row.id];
            const empty = row.text.trim() === '';
            const quiet = empty && !showAll && !server;
            // checking: typed before the parser came (the prior-art form fetches it with the first formula), for the moment it takes.
            const state = server || (problem && !quiet) ? 'invalid' : empty ? 'empty' : validation.pending ? 'checking' : 'valid';
            const message = server?.text ?? (problem && !quiet ? problemText(t, problem) : null);
            const length = characterCount(row.text);
            const messageId = `${idPrefix}-row-${row.id}-message`;
            return (
              <tr key={row.id} className={`fb-row is-${state}`} data-row={row.id} data-valid={problem ? 'false' : 'true'}>
                <th scope="row" className="fb-row__id">
                  {row.id}
                </th>
                <td className="fb-row__tag">
                  <select
                    className="input fb-row__select"
                    aria-label={t('formulaBuilder.rows.tagOf', { id: row.id })}
                    value={row.tag}
                    disabled={disabled}
                    onChange={(event) => isFormulaTag(event.target.value) && props.onRowChange(row.id, { tag: event.target.value })}
                    data-testid="row-tag"
                  >
                    {TAG_GROUPS.map(({ group, tags }) => (
                      <optgroup key={group} label={t(`formulaTagGroups.${group}`)}>
                        {tags.map((tag) => (
                          <option key={tag} value={tag}>
                            {t(`formulaTags.${tag}`)}
                          </option>
                        ))}
                      </optgroup>
                    ))}
                  </select>
                </td>
                <td className="fb-row__text">
                  <textarea
                    ref={(element) => {
                      if (element) textRefs.current.set(row.id, element);
                      else textRefs.current.delete(row.id);
                    }}
                    className="input fb-row__input"
                    rows={1}
                    spellCheck={false}
                    autoComplete="off"
                    aria-label={t('formulaBuilder.rows.textOf', { id: row.id })}
                    aria-invalid={state === 'invalid' ? true : undefined}
                    aria-describedby={message ? messageId : undefined}
                    placeholder={placeholderKind(row.tag) === 'right' ? rightPlaceholder : t(`formulaBuilder.placeholders.${placeholderKind(row.tag)}`)}
                    value={row.text}
                    disabled={disabled}
                    onChange={(event) => props.onRowChange(row.id, { text: oneLine(event.target.value) })}
                    onKeyDown={(event) => onTextKeyDown(event, index)}
                    data-testid="row-text"
                  />
                  {message && (
                    <p className="fb-row__message" id={messageId} data-errcode={server?.errcode ?? problem?.errcode} data-testid="row-message">
                      {message}
                    </p>
                  )}
                  {!message &&
                    (props.checks?.formulaWarnings(row.text, row.tag) ?? []).map((warning, i) => (
                      // Valid, but likely not what was meant: say what it does, offer the likely intention; the search may still run as typed.
                      <div className="fb-row__warning" role="note" key={`${warning.kind}-${i}`} data-testid="row-warning" data-kind={warning.kind}>
                        <p>{t(`formulaBuilder.warnings.${warning.kind}`, { found: warning.found })}</p>
                        {warning.suggestions.length > 0 && (
                          <p className="fb-row__suggestions">
                            <span>{t('formulaBuilder.warnings.meant')}</span>
                            {warning.suggestions.map((suggestion) => (
                              <button
                                type="button"
                                className="fb-link fb-row__suggestion"
                                key={suggestion}
                                disabled={disabled}
                                onClick={() => props.onRowChange(row.id, { text: suggestion })}
                                data-testid="row-suggestion"
                              >
                                {suggestion}
                              </button>
                            ))}
                          </p>
                        )}
                      </div>
                    ))}
                  {props.rowExtra?.(row, index)}
                  {length >= FORMULA_LIMITS.length * COUNTER_FROM && (
                    <p className={`fb-row__counter${length > FORMULA_LIMITS.length ? ' is-over' : ''}`}>
                      {t('formulaBuilder.counter', { count: length, max: FORMULA_LIMITS.length })}
                    </p>
                  )}
                </td>
                <td className="fb-row__status">
                  <span className={`fb-status fb-status--${state}`} data-testid="row-status">
                    <span className="fb-status__icon" aria-hidden="true">
                      {state === 'valid' ? '✓' : state === 'invalid' ? '!' : '–'}
                    </span>
                    {t(`formulaBuilder.rows.states.${state}`)}
                  </span>
                </td>
                <td className="fb-row__action">
                  <button
                    type="button"
                    className="fb-icon-button"
                    onClick={() => props.onDelete(row.id)}
                    disabled={disabled || (count === 1 && empty)}
                    aria-label={t(count === 1 ? 'formulaBuilder.rows.clear' : 'formulaBuilder.rows.delete', { id: row.id })}
                    title={t(count === 1 ? 'formulaBuilder.rows.clear' : 'formulaBuilder.rows.delete', { id: row.id })}
                    data-testid="row-delete"
                  >
                    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
                      <path d="M5 7h14M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
                    </svg>
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="fb-rows__footer">
        <button type="button" className="button fb-rows__add" onClick={() => props.onAdd(true)} disabled={disabled || !canAddRow(set)} data-testid="row-add">
          <span aria-hidden="true">＋</span>
          {t('formulaBuilder.rows.add')}
        </button>
        <span className={`fb-rows__count${count >= FORMULA_LIMITS.rows ? ' is-full' : ''}`} data-testid="row-count">
          {t('formulaBuilder.rows.count', { count, max: FORMULA_LIMITS.rows })}
        </span>
        <p className="fb-rows__hint" id={`${idPrefix}-rows-hint`}>
          {count >= FORMULA_LIMITS.rows ? t('formulaBuilder.rows.full', { max: FORMULA_LIMITS.rows }) : t('formulaBuilder.rows.hint')}
        </p>
      </div>

      <div className={`fb-combination${combinationMessage || props.notice.usedDeleted ? ' is-invalid' : ''}`}>
        <label className="form__label" htmlFor={`${idPrefix}-combination`}>
          {t('formulaBuilder.combination.label')}
        </label>
        <input
          ref={combinationRef}
          id={`${idPrefix}-combination`}
          className="input fb-combination__input"
          name="combination"
          value={set.combination}
          placeholder={implicit}
          autoComplete="off"
          spellCheck={false}
          disabled={disabled}
          aria-invalid={combinationMessage || props.notice.usedDeleted ? true : undefined}
          aria-describedby={`${idPrefix}-combination-hint${combinationMessage ? ` ${idPrefix}-combination-message` : ''}`}
          onChange={onCombination}
          data-testid="combination"
        />
        <p className="fb-combination__hint" id={`${idPrefix}-combination-hint`}>
          {set.combination === '' ? (count === 1 ? t('formulaBuilder.combination.emptyOne') : t('formulaBuilder.combination.emptyMany', { implicit })) : t('formulaBuilder.combination.hint')}
        </p>
        {combinationMessage && (
          <p className="fb-row__message" id={`${idPrefix}-combination-message`} data-errcode={props.serverCombination?.errcode ?? combinationProblem?.errcode} data-testid="combination-message">
            {combinationMessage}
          </p>
        )}
        {props.notice.rejected && props.notice.rejected.length > 0 && (
          <p className="fb-combination__rejected" role="status" data-testid="combination-rejected">
            {problemText(t, formulaProblem('combinationCharacters', { char: props.notice.rejected.join(' ') }))}
          </p>
        )}
        {props.notice.usedDeleted !== undefined && (
          <p className="fb-combination__review" role="alert" data-testid="combination-review">
            {t('formulaBuilder.combination.usedDeleted', { id: props.notice.usedDeleted })}
            <button type="button" className="fb-link" onClick={props.onDismissNotice}>
              {t('formulaBuilder.combination.keep')}
            </button>
          </p>
        )}
        {props.notice.renumbered && (
          <p className="fb-combination__renumbered" role="status">
            {t('formulaBuilder.combination.renumbered')}
          </p>
        )}
      </div>
    </div>
  );
}
