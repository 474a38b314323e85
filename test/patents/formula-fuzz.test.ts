// Thousands of seeded random and mutated formulas and combinations: parsing never crashes and
// always answers a known rule; whatever parses compiles and runs against a real database
// without an SQL error (the only refusal after parsing is E027 tooComplex).
import { compileDetailQuery, FormulaError } from '../../src/patents/query/compile.ts';
import {
  FORMULA_RULES,
  FORMULA_TAGS,
  parseCombination,
  parseFormula,
  validateDetailFormulas,
  type FormulaProblem,
  type FormulaRegion,
  type FormulaTag,
} from '../../src/patents/query/formula.ts';
import { formulaTestStore, type FormulaTestStore } from './formula-corpus.ts';

let store: FormulaTestStore;
beforeAll(async () => {
  store = await formulaTestStore({ demo: false });
}, 60_000);
afterAll(() => store?.close());

function generator(seed: number) {
  let state = seed;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(random() * n);
  const pick = <T,>(items: readonly T[]): T => items[int(items.length)]!;
  return { random, int, pick };
}

// Pieces a formula is made of: words in three scripts, codes, dates, numbers, operators in
// both widths, J-PlatPat tags and proximity, quotes, and characters that mean something to
// SQL, tsquery or LIKE.
const PIECES = [
  'wash', 'laundry', 'data', 'neural network', 'Image', 'the', 'of', '半導体', '装置', 'コンピューター', '毛髪', '数据', '处理', '株式会社', 'トヨタ',
  'H01L', 'H01L21/02', 'G06F 16/30', 'A61K8/898', 'H01L21/302,101@A', '4C083AB08', 'D3/232', '709/228', 'Y02E', 'h04l',
  '20200101', '20200229', '20201301', ':', '20120327:', ':19991231', '0', '1', '2', '3', '7', '特開2024-108988', '2023-022940', 'US 8,930,553 B2',
  '*', '+', '-', '＊', '＋', '－', '(', ')', '[', ']', '（', '）', '"', '＂', ' ', '  ', '\u3000',
  '/TX', '/CL', '/AB', '/TI', '/DE', '/IP', '/FI', '/FT', '/CP', '/tx', '/XX', ',10C,', ',5N,', ',0N,', ',100C,', ',3c,', '，２Ｎ，', ',',
  "'", "''", '\\', '%', '_', '?', '??', '$1', ';', '--', '/*', '*/', '&', '|', '!', '<->', '<2>', ':*', ':A', '@', '#', '\u0000', '\n', '😀', 'ー', '〜',
];

const KNOWN_CODES = new Set(['E023', 'E024', 'E025', 'E026', 'E027', 'E416']);
const RULES = new Set<string>(FORMULA_RULES);

function checkProblem(problem: FormulaProblem, text: string): void {
  expect(KNOWN_CODES).toContain(problem.errcode);
  expect(RULES).toContain(problem.messageKey.replace('islands-formula:formulaErrors.', ''));
  if (problem.at !== undefined) {
    expect(problem.at).toBeGreaterThanOrEqual(0);
    expect(problem.at).toBeLessThanOrEqual(text.length);
  }
}

/** Compiles a valid input and runs it; refusals other than tooComplex fail the test. */
async function run(formulas: Array<{ id: number; text: string; tag: FormulaTag }>, combination: string, ipcLimit: string[], region: FormulaRegion): Promise<'ran' | 'tooComplex'> {
  let condition;
  try {
    condition = await compileDetailQuery({ formulas, combination, ipcLimit }, region);
  } catch (error) {
    if (error instanceof FormulaError && error.problem.messageKey.endsWith('.tooComplex')) return 'tooComplex';
    throw new Error(`compiling ${JSON.stringify({ formulas, combination, ipcLimit, region })} failed: ${(error as Error).message}`);
  }
  try {
    await store.db('patents').where('region', region).whereRaw(condition.sql, condition.bindings as never).count({ n: '*' });
    if (condition.rankTsquery) await store.db.raw('SELECT ts_rank_cd(?::tsvector, ?::tsquery)', ["'a':1", condition.rankTsquery]);
  } catch (error) {
    throw new Error(`SQL failed for ${JSON.stringify({ formulas, combination, region })}: ${(error as Error).message}\n${condition.sql}`);
  }
  return 'ran';
}

const REGIONS: FormulaRegion[] = ['jp', 'us', 'cn'];

test('random formulas of every tag: no crash, known problems, valid ones compile and run', async () => {
  const { random, int, pick } = generator(5);
  let parsed = 0;
  let refused = 0;
  // Half token soup, half formulas grown from the grammar with atoms that suit the tag.
  const ATOMS: Record<string, string[]> = {
    text: ['wash', 'laundry machine', '"e-mail"', 'data,3N,process', '(image+picture),2C,recognition', '半導体', '数据', 'the', 'H01L/IP', 'wash/CL', '[a+b]/TI'],
    code: ['H01L', 'G06F16/30', 'A61K8/898', 'H01L21/302,101@A', '4C083AB08', 'D3/232', 'Y02E10', 'wash/TX'],
    word: ['sony', 'トヨタ', '特開2024-108988', '2023-022940', 'US 8,930,553 B2', '0', '1', '2', '3'],
    date: ['20200101', '20200101:20201231', ':19991231', '20120327:', '20200230'],
  };
  const kindOf = (tag: FormulaTag) => (['ipc', 'fi', 'fterm', 'cpc', 'usc'].includes(tag) ? 'code' : /date/.test(tag) ? 'date' : ['appname', 'invename', 'appid', 'pubidall', 'right'].includes(tag) ? 'word' : 'text');
  const grow = (tag: FormulaTag, depth: number): string =>
    depth === 0 || random() < 0.4
      ? pick(ATOMS[kindOf(tag)]!)
      : `(${Array.from({ length: 2 + int(3) }, () => grow(tag, depth - 1)).join(pick(['*', '+', '-']))})`;
  for (let i = 0; i < 2500; i++) {
    const tag = pick(FORMULA_TAGS);
    const text = random() < 0.5 ? grow(tag, 3) : Array.from({ length: 1 + int(8) }, () => pick(PIECES)).join(random() < 0.3 ? ' ' : '');
    const region = pick(REGIONS);
    const result = parseFormula(text, tag, region);
    if (!result.ok) {
      checkProblem(result.problem, text);
      refused++;
      continue;
    }
    parsed++;
    await run([{ id: 1, text, tag }], '', [], region);
  }
  // Both outcomes are well represented, so the run above means something.
  expect(parsed).toBeGreaterThan(400);
  expect(refused).toBeGreaterThan(400);
}, 60_000);

test('mutated valid formulas (characters inserted, deleted, replaced, swapped): no crash; valid ones run', async () => {
  const { int, pick } = generator(11);
  const valid: Array<[string, FormulaTag]> = [
    ['(wash+laundry)*machine-dryer', 'abst_claim_desc_title'],
    ['neural network,5N,(image+picture)/AB*data/TX', 'claim'],
    ['[半導体+トランジスタ],10C,装置-特許', 'abst_claim'],
    ['H01L21/02+G06F16/30-H01L21/027', 'ipc'],
    ['A61K8/898/FI*4C083AB08/FT+毛髪/TI', 'desc'],
    ['20200101:20201231+:19991231', 'appdate'],
    ['特開2024-108988+2023-022940', 'pubidall'],
    ['"Hewlett-Packard"+トヨタ-デンソー', 'appname'],
    ['0+1+2', 'right'],
    ['D3/232+709/228', 'usc'],
  ];
  let ran = 0;
  for (let i = 0; i < 2500; i++) {
    const [base, tag] = pick(valid);
    let text = base;
    for (let m = 0, count = 1 + int(3); m < count; m++) {
      const at = int(text.length + 1);
      switch (int(4)) {
        case 0:
          text = text.slice(0, at) + pick(PIECES) + text.slice(at);
          break;
        case 1:
          text = text.slice(0, at) + text.slice(at + 1 + int(3));
          break;
        case 2:
          text = text.slice(0, at) + pick(PIECES) + text.slice(at + 1);
          break;
        default: {
          const other = int(text.length);
          const chars = [...text];
          [chars[at], chars[other]] = [chars[other]!, chars[at] ?? ''];
          text = chars.join('');
        }
      }
    }
    const region = pick(REGIONS);
    const result = parseFormula(text, tag, region);
    if (!result.ok) checkProblem(result.problem, text);
    else if ((await run([{ id: 1, text, tag }], '', [], region)) === 'ran') ran++;
  }
  expect(ran).toBeGreaterThan(300);
}, 60_000);

test('random combinations over random rows, with IPC limits: validation and compilation agree', async () => {
  const { random, int, pick } = generator(23);
  const rowTexts: Array<[string, FormulaTag]> = [
    ['wash*laundry', 'abst_claim_desc_title'],
    ['data,3N,process', 'abst'],
    ['G06F+H04L', 'ipc'],
    ['20000101:', 'appdate'],
    ['inc', 'appname'],
    ['1', 'right'],
    ['', 'title'],
    ['A*', 'claim'],
    ['2020', 'pubdate'],
  ];
  const COMBINATION_PIECES = ['1', '2', '3', '4', '5', '12', '0', '*', '+', '-', '(', ')', '', ' ', '１', 'a'];
  let valid = 0;
  for (let i = 0; i < 1500; i++) {
    const count = 1 + int(5);
    const formulas = Array.from({ length: count }, (_, index) => {
      const [text, tag] = random() < 0.85 ? pick(rowTexts.slice(0, 6)) : pick(rowTexts);
      return { id: index + 1, text, tag };
    });
    // Empty, every row chained with random operators (some in brackets), or character soup.
    const ids = formulas.map((f) => f.id).sort(() => random() - 0.5);
    const chained = ids.map((id, index) => `${index ? pick(['*', '+', '-']) : ''}${id}`);
    if (chained.length > 2 && random() < 0.5) chained.splice(0, 2, `(${chained[0]}${chained[1]})`);
    const roll = random();
    const combination = roll < 0.2 ? '' : roll < 0.7 ? chained.join('') : Array.from({ length: 1 + int(9) }, () => pick(COMBINATION_PIECES)).join('');
    const ipcLimit = Array.from({ length: int(5) }, () => pick(['G06F', 'H04L 9/32', 'A61B', 'nope', 'Y02E']));
    const region = pick(REGIONS);
    const combinationResult = parseCombination(combination, formulas.map((f) => f.id));
    if (!combinationResult.ok) checkProblem(combinationResult.problem, combination);
    const validation = validateDetailFormulas({ formulas, combination, ipcLimit }, region);
    if (validation.combination) checkProblem(validation.combination, combination);
    if (validation.ipcLimit) checkProblem(validation.ipcLimit, '');
    for (const formula of formulas) if (validation.rows[formula.id]) checkProblem(validation.rows[formula.id]!, formula.text);
    if (validation.valid) {
      valid++;
      expect(await run(formulas, combination, ipcLimit, region)).toBe('ran');
    } else {
      await expect(compileDetailQuery({ formulas, combination, ipcLimit }, region)).rejects.toBeInstanceOf(FormulaError);
    }
  }
  expect(valid).toBeGreaterThan(100);
}, 60_000);
