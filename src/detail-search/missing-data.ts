// Why a detailed search found nothing, when the reason is the store's and not the formula's: a
// formula on data the region's documents do not carry (the demo's Japanese gazettes have IPC but
// no F-term, FI, right or application number) can match nothing, and the result page says so
// instead of only asking the searcher to check the formulas.
import { parseFormula, type FormulaNode } from '../patents/query/formula.ts';
import type { Database } from '../platform/database.ts';
import type { DetailSearchInput } from './input.ts';
import { dataKindsPresent, type DataKind } from './repository.ts';

export type { DataKind } from './repository.ts';

function kindsOf(node: FormulaNode, out: Set<DataKind>): Set<DataKind> {
  switch (node.type) {
    case 'and':
    case 'or':
      node.children.forEach((child) => kindsOf(child, out));
      break;
    case 'not':
      kindsOf(node.child, out);
      break;
    case 'class':
      out.add(node.scheme);
      break;
    case 'right':
      out.add('right');
      break;
    case 'applicationNumber':
      out.add('appid');
      break;
    case 'date':
      if (node.field === 'registration') out.add('registdate');
      break;
    default:
      break;
  }
  return out;
}

/** The data the chosen mode's formulas (and IPC limit) search that no document of the region carries, in tag order. */
export async function missingDataOf(db: Database, input: DetailSearchInput): Promise<DataKind[]> {
  const used = new Set<DataKind>(input.ipcLimit.length ? ['ipc'] : []);
  for (const row of input.modes[input.inputMode].formulas) {
    const parsed = parseFormula(row.text, row.tag, input.lang);
    if (parsed.ok) kindsOf(parsed.node, used);
  }
  if (used.size === 0) return [];
  const present = await dataKindsPresent(db, input.lang, [...used]);
  return [...used].filter((kind) => !present.has(kind));
}
