// Why a detailed search found nothing, when the reason is the store's and not the formula's: a
// formula on data the region's documents do not carry (the demo's Japanese gazettes have IPC but
// no F-term, FI, right or application number) can match nothing, and the result page says so
// instead of only asking the searcher to check the formulas.
import type { Database } from '../platform/database.ts';
import { formulaLeavesOf, type FormulaLeaf } from './formula-leaves.ts';
import type { DetailSearchInput } from './input.ts';
import { dataKindsPresent, type DataKind } from './repository.ts';

export type { DataKind } from './repository.ts';

/** The data a condition searches that a region may lack (text and names every record has). */
function kindOf(leaf: FormulaLeaf): DataKind | null {
  switch (leaf.type) {
    case 'class':
      return leaf.scheme;
    case 'right':
      return 'right';
    case 'applicationNumber':
      return 'appid';
    case 'date':
      return leaf.field === 'registration' ? 'registdate' : null;
    default:
      return null;
  }
}

/** The data the chosen mode's formulas (and IPC limit) search that no document of the region carries, in tag order. */
export async function missingDataOf(db: Database, input: DetailSearchInput): Promise<DataKind[]> {
  const used = new Set<DataKind>(input.ipcLimit.length ? ['ipc'] : []);
  for (const { leaf } of formulaLeavesOf(input)) {
    const kind = kindOf(leaf);
    if (kind) used.add(kind);
  }
  if (used.size === 0) return [];
  const present = await dataKindsPresent(db, input.lang, [...used]);
  return [...used].filter((kind) => !present.has(kind));
}
