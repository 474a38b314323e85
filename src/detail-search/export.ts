// Export of a stored detailed-search result, with the same columns as simple search. The
// match rate is the relevance of each stored hit to the formulas' text terms, relative to
// the best one's.
import type { TFunction } from 'i18next';
import { compileDetailQuery } from '../patents/query/compile.ts';
import type { NumberLanguage } from '../patents/numbers.ts';
import type { SearchOrder } from '../patents/search-repository.ts';
import type { Database } from '../platform/database.ts';
import { exportRowsOf, type ExportRow } from '../search/export.ts';
import type { DetailSearch } from './repository.ts';
import { storedResultQuery } from './service.ts';

export async function detailExportRows(db: Database, search: DetailSearch, order: SearchOrder, publicUrl: string, t: TFunction, lang: NumberLanguage): Promise<ExportRow[]> {
  const chosen = search.input.modes[search.input.inputMode];
  const { rankTsquery } = await compileDetailQuery({ formulas: chosen.formulas, combination: chosen.combination, ipcLimit: search.input.ipcLimit }, search.lang);
  const query = { ...storedResultQuery(search), rankByDocumentOrder: false, condition: { sql: 'TRUE', bindings: [], rankTsquery } };
  return exportRowsOf(db, query, order, publicUrl, t, lang);
}
