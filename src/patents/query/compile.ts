// Formula rows + combination → one SQL boolean condition over `patents` (server only: the
// text analysers need Node). Every value is a bind parameter; the SQL text is built only from
// the fixed column names and operators below, never from what the user typed.
//
// Text terms are analysed exactly like the index (analyzeField with the searched region, no
// bigrams, as simple search does) and become tsqueries: one word → the lexeme; several words →
// a phrase (adjacent, in order, as the index stores them: stop words and particles left out);
// proximity A,nC,B → B starting 1…n index positions after A ends, A,nN,B → either order.
// Approximations (positions are token positions, not characters as in J-PlatPat): an index
// position is an English word, or a Japanese/Chinese content word; each CJK run's character
// bigrams follow its words in the index, so between two runs the distance also counts the
// first run's bigrams (roughly its characters). PostgreSQL keeps positions up to 16,383 (later
// ones are clamped) and 256 per lexeme. A description longer than that keeps the rest in its
// segments (description-segments.ts: overlapping windows, each within the cap), so a phrase or
// proximity on the description also matches where a segment holds it whole; such a query is
// checked on its own (a tail, never ANDed into one tsquery with other terms: a segment holds
// only part of the document), and queries without positions never look at the segments. Still
// missed: a lexeme's occurrences past its 256th in the head or in one window (frequent words such
// as 前記), and claims past position 16,383 (no segments).
// A term without any searchable word left (only stop words) matches nothing.
//
// Evaluation is per term (A*B with claim_desc: A in the claims or the description, and B in
// either); subtrees that one tsvector column can evaluate are merged into one tsquery so a
// row is one GIN lookup: single-field tags, and the full-text tag through tsv_all when no
// phrase or proximity is involved (tsv_all is the union of the four fields' lexemes). The
// merging and the SQL it becomes are condition-sql.ts's.
import { analyzeField, toTsqueryTerms } from '../analysis/index.ts';
import { groupedTsquery, HAS_BIGRAM_CHARACTER, keywordQueryParts } from '../analysis/keyword-bigrams.ts';
import { AppError } from '../../platform/errors.ts';
import {
  combinationRows,
  formulaProblem,
  parseCombination,
  parseFormula,
  validateDetailFormulas,
  type CombinationNode,
  type DetailFormulaInput,
  type FormulaNode,
  type FormulaProblem,
  type FormulaRegion,
  type TextField,
} from './formula.ts';
import { APPLICATION_NUMBER_PREFIX } from './keys.ts';
import { COLUMNS, emit, FALSE, simplify, tailOn, type Condition, type Repeats, type TailPart, type Target } from './condition-sql.ts';
import { GROUP_OF } from '../applicants-repository.ts';

/** Publications of applicants whose key contains the bound pattern, with all their group's names. */
const APPLICANT_NAME_SQL = `id IN (SELECT pa.patent_id FROM patent_applicants pa JOIN applicants a ON a.id = pa.applicant_id
  WHERE ${GROUP_OF} IN (SELECT coalesce(b.canonical_id, b.id) FROM applicants b WHERE b.key LIKE ?))`;

export interface CompiledCondition {
  /** A boolean SQL expression over `patents` with `?` placeholders (knex whereRaw). */
  sql: string;
  bindings: unknown[];
  /** The positive text terms ORed, for ts_rank_cd(tsv_rank, ?::tsquery); null when there are none. */
  rankTsquery: string | null;
}

/** An invalid formula: the problem's code and message, and where it is (a row, or the combination / IPC limit field). */
export class FormulaError extends AppError {
  constructor(
    readonly problem: FormulaProblem,
    readonly row?: number,
    readonly field?: 'combination' | 'ipcLimit',
  ) {
    super(400, problem.errcode, problem.messageKey, problem.values ?? {}, { ...(row !== undefined && { row }), ...(field && { field }) });
  }
}

/** Over this many characters of SQL and bound values a search is refused as too complex (E027): about 5 s of work on the shared corpus (proximity with long distances bound to four fields). */
export const MAX_COMPILED_SIZE = 500_000;

const ALL_FIELDS: TextField[] = ['title', 'abstract', 'claims', 'description'];

/** A term as a tsquery, and its positional part for the description's segments (none without positions). */
interface Term {
  query: string;
  tail: TailPart[];
}

class Analyser {
  private readonly cache = new Map<string, Promise<Term | null>>();
  readonly rankTerms = new Set<string>();
  constructor(private readonly region: FormulaRegion) {}

  /**
   * The term as a tsquery: a lexeme, or a phrase of lexemes; null when no searchable word remains.
   * A term searched on its own (not a side of a proximity) is read as the simple search reads a
   * keyword: written as it is, or its words in a row, with the bigrams of what its words leave
   * out (keyword-bigrams.ts: 制御部 is 制御 & 御部, not 制御 alone).
   */
  term(text: string, { bigrams = false } = {}): Promise<Term | null> {
    const key = `${bigrams ? 'b' : 'w'}${text}`;
    let query = this.cache.get(key);
    if (!query) {
      query = analyzeField(text, this.region, { bigrams: false }).then((tokens) => {
        // English (and Latin) terms stay phrases: "battery electrode" as typed.
        if (bigrams && HAS_BIGRAM_CHARACTER.test(text)) {
          const { match: query, phrase } = keywordQueryParts(text, tokens);
          if (query === '') return null;
          return { query: groupedTsquery(query), tail: phrase ? [phrase] : [] };
        }
        const terms = toTsqueryTerms(tokens);
        if (terms.length === 0) return null;
        if (terms.length === 1) return { query: terms[0]!, tail: [] };
        const phrase = `(${terms.join(' <-> ')})`;
        return { query: phrase, tail: [{ phrase }] };
      });
      this.cache.set(key, query);
    }
    return query;
  }
}

function textTarget(fields: TextField[], positional: boolean): Target {
  if (fields.length === 1) return { columns: [COLUMNS[fields[0]!]] };
  if (!positional && ALL_FIELDS.every((field) => fields.includes(field))) return { columns: ['tsv_all'] };
  return { columns: ALL_FIELDS.filter((field) => fields.includes(field)).map((field) => COLUMNS[field]) };
}

const dateCondition = (column: string, from: string | null, to: string | null): { sql: string; bindings: unknown[] } => {
  const parts = [`${column} IS NOT NULL`];
  const bindings: unknown[] = [];
  if (from) {
    parts.push(`${column} >= ?::date`);
    bindings.push(from);
  }
  if (to) {
    parts.push(`${column} <= ?::date`);
    bindings.push(to);
  }
  return { sql: `(${parts.join(' AND ')})`, bindings };
};

const DATE_COLUMNS = { application: ['application_date'], publication: ['publication_date'], registration: ['registration_date'], publicationAll: ['publication_date', 'registration_date'] };

/** FormulaNode → Condition with the text analysed; `positive` is false under a NOT (those terms do not rank). */
async function analyse(node: FormulaNode, analyser: Analyser, positive: boolean): Promise<Condition> {
  switch (node.type) {
    case 'and':
    case 'or':
      return { c: node.type, children: await Promise.all(node.children.map((child) => analyse(child, analyser, positive))) };
    case 'not':
      return { c: 'not', child: await analyse(node.child, analyser, !positive) };
    case 'text': {
      const term = await analyser.term(node.text, { bigrams: true });
      if (!term) return FALSE;
      if (positive) analyser.rankTerms.add(term.query);
      const target = textTarget(node.fields, term.tail.length > 0);
      return { c: 'ts', target, query: term.query, ...tailOn(target, term.tail) };
    }
    case 'near': {
      const side = async (texts: string[]) => {
        const queries = [...new Set((await Promise.all(texts.map((text) => analyser.term(text)))).flatMap((term) => (term ? [term.query] : [])))];
        return queries.length === 0 ? null : queries.length === 1 ? queries[0]! : `(${queries.join(' | ')})`;
      };
      const left = await side(node.left);
      const right = await side(node.right);
      if (!left || !right) return FALSE;
      if (positive) {
        analyser.rankTerms.add(left);
        analyser.rankTerms.add(right);
      }
      // tsquery <k> is "exactly k apart": within n is the alternatives 1…n.
      const alternatives: string[] = [];
      for (let k = 1; k <= node.distance; k++) {
        alternatives.push(`${left} <${k}> ${right}`);
        if (!node.ordered) alternatives.push(`${right} <${k}> ${left}`);
      }
      const query = `(${alternatives.join(' | ')})`;
      const target = textTarget(node.fields, true);
      return { c: 'ts', target, query, ...tailOn(target, [{ phrase: query }]) };
    }
    case 'class':
      return { c: 'keys', mode: 'all', keys: [`${node.scheme}:${node.code}`] };
    case 'applicationNumber':
      return { c: 'keys', mode: 'all', keys: [APPLICATION_NUMBER_PREFIX + node.key] };
    case 'name':
      // Keys hold letters and digits only, so nothing in them is a LIKE wildcard. An applicant
      // matches under every name of its group (applicants-repository.ts): variants and aliases.
      return node.field === 'applicant'
        ? { c: 'sql', sql: APPLICANT_NAME_SQL, bindings: [`%${node.key}%`] }
        : { c: 'sql', sql: 'inventor_names LIKE ?', bindings: [`%${node.key}%`] };
    case 'publicationNumber':
      return node.kind
        ? // The kind as a prefix (特許… is B1 or B2, see kindMatches); kinds are letters and digits, never LIKE wildcards.
          { c: 'sql', sql: "(region = ? AND number_core = ? AND (kind_code LIKE ? || '%' OR kind_code IS NULL))", bindings: [node.region, node.core, node.kind] }
        : { c: 'sql', sql: '(region = ? AND number_core = ?)', bindings: [node.region, node.core] };
    case 'date': {
      const parts = DATE_COLUMNS[node.field].map((column) => dateCondition(column, node.from, node.to));
      return parts.length === 1 ? { c: 'sql', ...parts[0]! } : { c: 'or', children: parts.map((part) => ({ c: 'sql' as const, ...part })) };
    }
    case 'right':
      return { c: 'sql', sql: '("right" IS NOT NULL AND "right" = ?)', bindings: [node.value] };
  }
}

/** One syntax tree (a row, or rows joined by their combination) → the SQL condition. */
export async function compileFormulaNode(node: FormulaNode, region: FormulaRegion): Promise<CompiledCondition> {
  const analyser = new Analyser(region);
  const condition = simplify(await analyse(node, analyser, true));
  const bindings: unknown[] = [];
  const repeats: Repeats = { characters: 0 };
  const sql = emit(condition, bindings, repeats);
  // The segments' copy of a query is one more index lookup, not more of the work the limit measures: it does not count.
  const size = sql.length - repeats.characters + bindings.reduce<number>((total, value) => total + (typeof value === 'string' ? value.length : Array.isArray(value) ? value.join('').length : 8), 0);
  if (size > MAX_COMPILED_SIZE) throw new FormulaError(formulaProblem('tooComplex'), undefined, 'combination');
  const rank = [...analyser.rankTerms];
  return { sql, bindings, rankTsquery: rank.length === 0 ? null : rank.map((query) => (rank.length === 1 ? query : `(${query})`)).join(' | ') };
}

/** The rows joined as the combination says (a row used twice is evaluated twice). */
export function combinedFormula(combination: CombinationNode, rows: ReadonlyMap<number, FormulaNode>): FormulaNode {
  switch (combination.type) {
    case 'row': {
      const node = rows.get(combination.id);
      if (!node) throw new Error(`row ${combination.id} has no formula`);
      return node;
    }
    case 'not':
      return { type: 'not', child: combinedFormula(combination.child, rows) };
    default:
      return { type: combination.type, children: combination.children.map((child) => combinedFormula(child, rows)) };
  }
}

/**
 * Rows + combination (+ limited IPC search) → one SQL boolean condition over `patents`.
 * The caller adds the region and the other filters. Throws FormulaError (an AppError with
 * the problem's errcode and message) on invalid input: the first problem, rows first.
 */
export async function compileDetailQuery(input: DetailFormulaInput & { ipcLimit: readonly string[] }, region: FormulaRegion): Promise<CompiledCondition> {
  const validation = validateDetailFormulas(input, region);
  if (!validation.valid) {
    for (const formula of input.formulas) {
      const problem = validation.rows[formula.id];
      if (problem) throw new FormulaError(problem, formula.id);
    }
    if (validation.combination) throw new FormulaError(validation.combination, undefined, 'combination');
    throw new FormulaError(validation.ipcLimit!, undefined, 'ipcLimit');
  }
  const combination = parseCombination(input.combination, input.formulas.map((formula) => formula.id));
  if (!combination.ok) throw new FormulaError(combination.problem, undefined, 'combination');
  const rows = new Map<number, FormulaNode>();
  for (const id of combinationRows(combination.node)) {
    const formula = input.formulas.find((candidate) => candidate.id === id)!;
    const parsed = parseFormula(formula.text, formula.tag, region);
    if (!parsed.ok) throw new FormulaError(parsed.problem, id);
    rows.set(id, parsed.node);
  }
  let node = combinedFormula(combination.node, rows);
  if (input.ipcLimit.length) {
    const limit: FormulaNode = { type: 'or', children: input.ipcLimit.map((code) => parseIpc(code)) };
    node = { type: 'and', children: [node, limit] };
  }
  return compileFormulaNode(node, region);
}

function parseIpc(code: string): FormulaNode {
  const parsed = parseFormula(`"${code.replace(/"/g, '')}"`, 'ipc', 'jp');
  if (!parsed.ok) throw new FormulaError(parsed.problem, undefined, 'ipcLimit');
  return parsed.node;
}
