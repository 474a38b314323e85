// The population file (§3 population, §9 file name 100): a CSV or text file of document
// numbers that restricts the detailed search. Read in the browser, so the person sees at once
// how many numbers it holds; anything that is not a list of document numbers is refused.
import type { Region } from '../../src/detail-search/input.ts';
import { parsePublicationNumber } from '../../src/patents/numbers.ts';
import { FORMULA_LIMITS } from '../../src/patents/query/formula-rules.ts';
import { POPULATION_EXTENSIONS } from './population-accept.ts';

export { POPULATION_ACCEPT, POPULATION_EXTENSIONS } from './population-accept.ts';
/** Beyond this a file is not a list of at most POPULATION_MAX_NUMBERS numbers (with a few columns beside them). */
export const POPULATION_MAX_BYTES = 2 * 1024 * 1024;
/** As the server accepts (src/detail-search/validation.ts POPULATION_LIMIT; not imported: that module brings zod). */
export const POPULATION_MAX_NUMBERS = 20_000;
/** How many characters of an offending line the message quotes. */
const QUOTED_CHARACTERS = 40;

export type PopulationProblem =
  | { reason: 'fileNameTooLong'; values: { max: number } }
  | { reason: 'fileType'; values: Record<string, never> }
  | { reason: 'tooLarge'; values: { max: string } }
  | { reason: 'unreadable'; values: Record<string, never> }
  | { reason: 'empty'; values: Record<string, never> }
  /** The first line that is not a number (1-based) and its text; `count` such lines in all. */
  | { reason: 'notNumber'; values: { line: number; text: string; count: number } }
  | { reason: 'notNumbers'; values: { line: number; text: string; count: number } }
  | { reason: 'tooMany'; values: { max: number } };

export interface PopulationRead {
  fileName: string;
  documentIds: string[];
  /** Numbers per region, to warn when they are not of the region searched. */
  regions: Record<Region, number>;
  /** Lines that repeated a number already read. */
  duplicates: number;
}

export type PopulationOutcome = { ok: true; population: PopulationRead } | { ok: false; problem: PopulationProblem };

const problem = <R extends PopulationProblem['reason']>(reason: R, values: Extract<PopulationProblem, { reason: R }>['values']): PopulationOutcome => ({
  ok: false,
  problem: { reason, values } as PopulationProblem,
});

/** One CSV line into cells (quoted cells may hold commas: "US 7,783,348 B2"). Tabs and semicolons separate too. */
export function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (char === ',' || char === '\t' || char === ';') {
      cells.push(cell.trim());
      cell = '';
    } else cell += char;
  }
  cells.push(cell.trim());
  return cells;
}

/**
 * The document numbers of a list: one per line ("US 7,783,348 B2", "特開2020-123456", "JP2020123456A"),
 * or a column of a CSV (a header line and other columns such as rank or title are allowed; the
 * column with the most numbers is taken). Every other non-empty line of that column makes the
 * file refused, quoting the first lines, so a wrong file never silently becomes a population.
 */
export function parsePopulationText(text: string, fileName: string): PopulationOutcome {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const rows = lines.map((line, index) => ({ line: index + 1, raw: line.trim(), cells: csvCells(line) })).filter((row) => row.raw !== '');
  if (rows.length === 0) return problem('empty', {});

  // Which column holds the numbers: a whole line that is a number counts for every layout.
  const columnHits = new Map<number, number>();
  for (const row of rows) {
    if (parsePublicationNumber(row.raw)) continue;
    row.cells.forEach((cell, column) => {
      if (cell && parsePublicationNumber(cell)) columnHits.set(column, (columnHits.get(column) ?? 0) + 1);
    });
  }
  const column = [...columnHits.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] ?? 0;

  const ids: string[] = [];
  const seen = new Set<string>();
  const regions: Record<Region, number> = { jp: 0, us: 0, cn: 0 };
  const bad: Array<{ line: number; text: string }> = [];
  let duplicates = 0;
  rows.forEach((row, index) => {
    const number = parsePublicationNumber(row.raw) ?? (row.cells[column] ? parsePublicationNumber(row.cells[column]!) : undefined);
    if (!number) {
      // A first line without a number is a header ("文献番号", "Publication number").
      if (index === 0 && !/\d{5,}/.test(row.raw)) return;
      bad.push({ line: row.line, text: row.cells[column] || row.raw });
      return;
    }
    if (seen.has(number.id)) {
      duplicates++;
      return;
    }
    seen.add(number.id);
    ids.push(number.id);
    regions[number.region]++;
  });
  if (bad.length > 0) {
    // Worded by the message (「5行目「備考」は…」), not pasted together here: "行: 5: 備考" read as a log line.
    const first = bad[0]!;
    const values = { line: first.line, text: Array.from(first.text).slice(0, QUOTED_CHARACTERS).join(''), count: bad.length };
    return bad.length === 1 ? problem('notNumber', values) : problem('notNumbers', values);
  }
  if (ids.length === 0) return problem('empty', {});
  if (ids.length > POPULATION_MAX_NUMBERS) return problem('tooMany', { max: POPULATION_MAX_NUMBERS });
  return { ok: true, population: { fileName, documentIds: ids, regions, duplicates } };
}

/** UTF-16 when it says so (Excel's "Unicode text"), else UTF-8, else Shift_JIS (Japanese Excel's CSV). */
export function decodeText(bytes: ArrayBuffer): string | null {
  const head = new Uint8Array(bytes, 0, Math.min(2, bytes.byteLength));
  if (head[0] === 0xff && head[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (head[0] === 0xfe && head[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  // A NUL byte otherwise means a binary file (a spreadsheet saved as .csv by mistake, an image …).
  if (new Uint8Array(bytes).includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    try {
      return new TextDecoder('shift_jis', { fatal: true }).decode(bytes);
    } catch {
      return null;
    }
  }
}

export const extensionOf = (name: string): string => (/\.([^.]+)$/.exec(name)?.[1] ?? '').toLowerCase();

/** Reads a chosen file: name and type first (no need to read a wrong file), then its numbers. */
export async function readPopulationFile(file: File): Promise<PopulationOutcome> {
  const fileName = file.name.normalize('NFC');
  if (Array.from(fileName).length > FORMULA_LIMITS.fileName) return problem('fileNameTooLong', { max: FORMULA_LIMITS.fileName });
  if (!(POPULATION_EXTENSIONS as readonly string[]).includes(extensionOf(fileName))) return problem('fileType', {});
  if (file.size > POPULATION_MAX_BYTES) return problem('tooLarge', { max: '2 MB' });
  if (file.size === 0) return problem('empty', {});
  const text = decodeText(await file.arrayBuffer());
  if (text === null) return problem('unreadable', {});
  return parsePopulationText(text, fileName);
}
