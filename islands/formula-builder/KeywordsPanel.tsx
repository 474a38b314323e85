// Keywords (§3 keyword: keyword, synonyms, hit count, origin user/auto, disabled, removed) and
// denied keywords. Editing a word or a synonym replaces the entry with that id (§4); the list
// feeds "make formulas from keywords".
import { useState, type KeyboardEvent } from 'react';
import type { Keyword } from '../../src/detail-search/input.ts';
import { useT } from '../i18n.tsx';
import { KEYWORD_LIMITS, replaceKeyword, splitTerms, userKeyword } from './keywords.ts';

const numberFormat = new Intl.NumberFormat('en-US');

interface KeywordListProps {
  kind: 'keywords' | 'denied';
  list: Keyword[];
  disabled: boolean;
  onChange: (list: Keyword[]) => void;
}

/** Enter commits, Escape gives up; IME composition keeps its own Enter. */
const commitKeys = (commit: () => void, cancel: () => void) => (event: KeyboardEvent<HTMLInputElement>) => {
  if (event.nativeEvent.isComposing) return;
  if (event.key === 'Enter') {
    event.preventDefault();
    commit();
  } else if (event.key === 'Escape') {
    event.preventDefault();
    cancel();
  }
};

function SynonymChip({ word, keyword, disabled, onChange, onRemove }: { word: string; keyword: string; disabled: boolean; onChange: (next: string) => void; onRemove: () => void }) {
  const t = useT();
  const [draft, setDraft] = useState<string | null>(null);
  if (draft !== null) {
    const commit = () => {
      const next = draft.trim().slice(0, KEYWORD_LIMITS.keyword);
      setDraft(null);
      if (next === '') onRemove();
      else if (next !== word) onChange(next);
    };
    return (
      <li className="fb-chip is-editing">
        <input
          className="fb-chip__input"
          value={draft}
          autoFocus
          aria-label={t('formulaBuilder.keywords.editSynonym', { word, keyword })}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={commit}
          onKeyDown={commitKeys(commit, () => setDraft(null))}
        />
      </li>
    );
  }
  return (
    <li className="fb-chip" data-testid="synonym">
      <button type="button" className="fb-chip__text" disabled={disabled} onClick={() => setDraft(word)} title={t('formulaBuilder.keywords.editHint')} aria-label={t('formulaBuilder.keywords.editSynonym', { word, keyword })}>
        {word}
      </button>
      <button type="button" className="fb-chip__remove" disabled={disabled} onClick={onRemove} aria-label={t('formulaBuilder.keywords.removeSynonym', { word, keyword })}>
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}

function KeywordItem({ entry, kind, disabled, onReplace }: { entry: Keyword; kind: KeywordListProps['kind']; disabled: boolean; onReplace: (next: Keyword) => void }) {
  const t = useT();
  const [word, setWord] = useState<string | null>(null);
  const [synonym, setSynonym] = useState('');
  const full = entry.synonyms.length >= KEYWORD_LIMITS.synonyms;

  const commitWord = () => {
    if (word === null) return;
    const next = word.trim().slice(0, KEYWORD_LIMITS.keyword);
    setWord(null);
    if (next && next !== entry.keyword) onReplace({ ...entry, keyword: next });
  };
  const addSynonyms = () => {
    const added = splitTerms(synonym).filter((term) => term !== entry.keyword && !entry.synonyms.includes(term));
    setSynonym('');
    if (added.length > 0) onReplace({ ...entry, synonyms: [...entry.synonyms, ...added].slice(0, KEYWORD_LIMITS.synonyms) });
  };
  const hits = entry.hitCount === null ? '' : numberFormat.format(entry.hitCount);
  const name = entry.keyword;

  return (
    <li className={`fb-keyword${entry.isDisabled ? ' is-disabled' : ''}`} data-testid={kind === 'keywords' ? 'keyword' : 'denied-keyword'} data-keyword-id={entry.keywordId}>
      <label className="fb-keyword__use" title={t('formulaBuilder.keywords.use')}>
        <input type="checkbox" checked={!entry.isDisabled} disabled={disabled} onChange={(event) => onReplace({ ...entry, isDisabled: !event.target.checked })} aria-label={t('formulaBuilder.keywords.useOf', { keyword: name })} />
      </label>
      <div className="fb-keyword__body">
        <div className="fb-keyword__head">
          <input
            className="fb-keyword__word"
            value={word ?? entry.keyword}
            disabled={disabled}
            maxLength={KEYWORD_LIMITS.keyword}
            aria-label={t('formulaBuilder.keywords.wordOf', { keyword: name })}
            onChange={(event) => setWord(event.target.value)}
            onBlur={commitWord}
            onKeyDown={commitKeys(commitWord, () => setWord(null))}
            data-testid="keyword-word"
          />
          <span className={`fb-badge fb-badge--${entry.origin}`} title={t(`formulaBuilder.keywords.originHint.${entry.origin}`)}>
            {t(`formulaBuilder.keywords.origin.${entry.origin}`)}
          </span>
          {entry.isHighFrequency && (
            <span className="fb-badge fb-badge--warning" title={t('formulaBuilder.keywords.highFrequencyHint')}>
              {t('formulaBuilder.keywords.highFrequency')}
            </span>
          )}
          <span className="fb-keyword__hits" title={entry.searchFields?.length ? entry.searchFields.join(', ') : undefined} data-testid="keyword-hits">
            {entry.hitCount === null ? t('formulaBuilder.keywords.hitsUnknown') : t('formulaBuilder.keywords.hits', { count: hits })}
          </span>
          <button
            type="button"
            className="fb-icon-button"
            disabled={disabled}
            onClick={() => onReplace({ ...entry, isRemoved: true })}
            aria-label={t('formulaBuilder.keywords.remove', { keyword: name })}
            title={t('formulaBuilder.keywords.remove', { keyword: name })}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <ul className="fb-chips" aria-label={t('formulaBuilder.keywords.synonymsOf', { keyword: name })}>
          {entry.synonyms.map((word, index) => (
            <SynonymChip
              key={`${index}-${word}`}
              word={word}
              keyword={name}
              disabled={disabled}
              onChange={(next) => onReplace({ ...entry, synonyms: entry.synonyms.map((s, i) => (i === index ? next : s)).filter((s, i, all) => all.indexOf(s) === i) })}
              onRemove={() => onReplace({ ...entry, synonyms: entry.synonyms.filter((_, i) => i !== index) })}
            />
          ))}
          {!full && (
            <li className="fb-chips__add">
              <input
                className="fb-chip__input"
                value={synonym}
                disabled={disabled}
                placeholder={t('formulaBuilder.keywords.addSynonym')}
                aria-label={t('formulaBuilder.keywords.addSynonymTo', { keyword: name })}
                onChange={(event) => setSynonym(event.target.value)}
                onBlur={addSynonyms}
                onKeyDown={commitKeys(addSynonyms, () => setSynonym(''))}
                data-testid="synonym-add"
              />
            </li>
          )}
        </ul>
      </div>
    </li>
  );
}

export function KeywordList({ kind, list, disabled, onChange }: KeywordListProps) {
  const t = useT();
  const [typed, setTyped] = useState('');
  const shown = list.filter((entry) => !entry.isRemoved);
  const removed = list.filter((entry) => entry.isRemoved);
  const replace = (next: Keyword) => onChange(replaceKeyword(list, next));
  const add = () => {
    const entry = userKeyword(typed);
    setTyped('');
    if (entry && !list.some((existing) => existing.keyword === entry.keyword && !existing.isRemoved)) onChange([...list, entry]);
  };
  return (
    <div className={`fb-keywords__list fb-keywords__list--${kind}`}>
      {shown.length === 0 ? (
        <p className="fb-keywords__empty">{t(`formulaBuilder.keywords.${kind === 'keywords' ? 'none' : 'noneDenied'}`)}</p>
      ) : (
        <ul className="fb-keywords__items">
          {shown.map((entry) => (
            <KeywordItem key={entry.keywordId} entry={entry} kind={kind} disabled={disabled} onReplace={replace} />
          ))}
        </ul>
      )}
      <div className="fb-keywords__add">
        <input
          className="input"
          value={typed}
          disabled={disabled}
          placeholder={t(`formulaBuilder.keywords.${kind === 'keywords' ? 'addPlaceholder' : 'addDeniedPlaceholder'}`)}
          aria-label={t(`formulaBuilder.keywords.${kind === 'keywords' ? 'addLabel' : 'addDeniedLabel'}`)}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={commitKeys(add, () => setTyped(''))}
          data-testid={kind === 'keywords' ? 'keyword-add' : 'denied-add'}
        />
        <button type="button" className="button" disabled={disabled || typed.trim() === ''} onClick={add}>
          {t('formulaBuilder.keywords.add')}
        </button>
      </div>
      {removed.length > 0 && (
        <details className="fb-keywords__removed">
          <summary>{t('formulaBuilder.keywords.removed', { count: removed.length })}</summary>
          <ul>
            {removed.map((entry) => (
              <li key={entry.keywordId}>
                <span className="fb-keywords__removed-word">{entry.keyword}</span>
                <button type="button" className="fb-link" disabled={disabled} onClick={() => replace({ ...entry, isRemoved: false })}>
                  {t('formulaBuilder.keywords.restore', { keyword: entry.keyword })}
                </button>
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
