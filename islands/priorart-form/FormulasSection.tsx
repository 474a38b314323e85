// The prior-art form's optional formulas (the detailed search's row editor, with a learning text
// per row): a part loaded apart (islands/lazy-part.tsx) — the row editor and its rules are ~4 KB
// gzip the form would otherwise ship with the page (80 KB budget, bench/page-scripts), and the
// section sits at the foot of the form, hydrated as soon as its chunk has come.
import { useState } from 'react';
import type { FormulaSet } from '../../src/detail-search/input.ts';
import type { DetailFormulaValidation } from '../../src/patents/query/formula.ts';
import { FormulaRows, type CombinationNotice, type ServerMessage } from '../formula-builder/FormulaRows.tsx';
import type { FormulaChecks } from '../formula-builder/formula-checks.ts';
import { addRow, deleteRow, updateRow } from '../formula-builder/model.ts';
import { useT } from '../i18n.tsx';
import { PRIORART_LIMITS } from './model.ts';

export interface FormulasSectionProps {
  formulas: FormulaSet;
  learningTexts: string[];
  /** Per row: its learning text is over the limit. */
  learningTooLong: boolean[];
  validation: DetailFormulaValidation & { pending?: true };
  checks: FormulaChecks | null;
  showAll: boolean;
  serverRows: Record<number, ServerMessage>;
  serverCombination: ServerMessage | null;
  disabled: boolean;
  onChange: (formulas: FormulaSet, learningTexts?: string[]) => void;
  /** The combination was edited: the server's word on it no longer applies. */
  onCombinationEdited: () => void;
}

export default function FormulasSection({ formulas, learningTexts, learningTooLong, validation, checks, showAll, serverRows, serverCombination, disabled, onChange, onCombinationEdited }: FormulasSectionProps) {
  const t = useT();
  const [notice, setNotice] = useState<CombinationNotice>({});
  const [focusRow, setFocusRow] = useState<number | null>(null);
  return (
    <FormulaRows
      idPrefix="pa-formulas"
      set={formulas}
      validation={validation}
      checks={checks}
      showAll={showAll}
      serverRows={serverRows}
      serverCombination={serverCombination}
      notice={notice}
      disabled={disabled}
      focusRow={focusRow}
      onFocused={() => setFocusRow(null)}
      onRowChange={(id, rowChange) => onChange(updateRow(formulas, id, rowChange))}
      onAdd={(focus) => {
        const next = addRow(formulas);
        if (next === formulas) return;
        onChange(next, [...learningTexts, '']);
        if (focus) setFocusRow(next.formulas[next.formulas.length - 1]!.id);
      }}
      onDelete={(id) => {
        const index = formulas.formulas.findIndex((row) => row.id === id);
        const outcome = deleteRow(formulas, id);
        onChange(outcome.set, outcome.set.formulas.length === formulas.formulas.length ? [''] : learningTexts.filter((_, i) => i !== index));
        setNotice({ ...(outcome.combinationUsedDeleted !== null && { usedDeleted: outcome.combinationUsedDeleted }), ...(outcome.combinationRenumbered && { renumbered: true }) });
      }}
      onCombinationChange={(combination, rejected) => {
        onChange({ ...formulas, combination });
        onCombinationEdited();
        setNotice(rejected.length ? { rejected } : {});
      }}
      onDismissNotice={() => setNotice({})}
      rowExtra={(row, index) => (
        <div className="pa-learning">
          <label className="form__label pa-learning__label" htmlFor={`pa-learning-${row.id}`}>
            {t('priorartForm.formulas.learningLabel', { id: row.id })}
          </label>
          <textarea
            id={`pa-learning-${row.id}`}
            className="input pa-learning__input"
            rows={2}
            value={learningTexts[index] ?? ''}
            placeholder={t('priorartForm.formulas.learningPlaceholder')}
            aria-invalid={learningTooLong[index] ? true : undefined}
            disabled={disabled}
            onChange={(event) => onChange(formulas, learningTexts.map((text, i) => (i === index ? event.target.value : text)))}
            data-testid="row-learning"
          />
          {learningTooLong[index] && (
            <p className="fb-row__message" data-errcode="E027" data-testid="row-learning-message">
              {t('priorartForm.formulas.learningTooLong', { id: row.id, max: PRIORART_LIMITS.learningText })}
            </p>
          )}
        </div>
      )}
    />
  );
}
