// The formula parser in the browser, fetched when it is first needed: with the number, name,
// class and date rules it brings it is ~7 KB gzip, which the detailed-search and prior-art forms
// would otherwise ship with the page (JS budget 80 KB per page, bench/page-scripts). A form asks
// for it as soon as a formula (or an IPC limit) has text, and waits for it before sending; until
// it comes the rows show no problem (the server checks everything again anyway).
import { useEffect, useState } from 'react';

import type { SetValidation } from './model.ts';

export type FormulaChecks = typeof import('./formula-parser.ts');

/** Before the parser came: nothing is known, nothing shown (here, not in model.ts, so a form takes it without the row editor's rules). */
export const PENDING_VALIDATION: SetValidation = { valid: false, pending: true, rows: {}, combination: null, ipcLimit: null };

let loading: Promise<FormulaChecks> | null = null;

export function loadFormulaChecks(): Promise<FormulaChecks> {
  loading ??= import('./formula-parser.ts').catch((error: unknown) => {
    loading = null; // a later edit tries again
    throw error;
  });
  return loading;
}

/** The parser once it has come (null before, as on the server), asked for while `wanted`. */
export function useFormulaChecks(wanted: boolean): FormulaChecks | null {
  const [checks, setChecks] = useState<FormulaChecks | null>(null);
  useEffect(() => {
    if (checks || !wanted) return;
    let live = true;
    loadFormulaChecks().then(
      (module) => live && setChecks(module),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [wanted, checks]);
  return checks;
}
