// The detailed-search formula language (§3, §5, §8, §9): grammar and precedence, the tags'
// meanings, J-PlatPat field tags and proximity, every rule with its code and message, the
// combination, the form's validation, and the locale strings behind each message.
import { readFileSync } from 'node:fs';
import {
  FORMULA_LIMITS,
  FORMULA_RULES,
  FORMULA_TAG_GROUPS,
  FORMULA_TAGS,
  islandMessageKey,
  parseCombination,
  parseFormula,
  queryTypeOf,
  validateDetailFormulas,
  type CombinationNode,
  type FormulaNode,
  type FormulaRegion,
  type FormulaRule,
  type FormulaTag,
} from '../../src/patents/query/formula.ts';
import { applicationNumberKey, classIndexKeys, classQueryKey, nameKey, searchKeysOf } from '../../src/patents/query/keys.ts';
import { createI18n, islandBundle } from '../../src/platform/i18n.ts';

const node = (text: string, tag: FormulaTag = 'abst_claim_desc_title', region: FormulaRegion = 'jp'): FormulaNode => {
  const result = parseFormula(text, tag, region);
  if (!result.ok) throw new Error(`${text}: ${result.problem.messageKey} ${JSON.stringify(result.problem.values)}`);
  return result.node;
};

/** A compact rendering of a tree: and(…) or(…) not(…), text terms as they were typed. */
function show(tree: FormulaNode): string {
  switch (tree.type) {
    case 'and':
    case 'or':
      return `${tree.type}(${tree.children.map(show).join(',')})`;
    case 'not':
      return `not(${show(tree.child)})`;
    case 'text':
      return tree.text;
    case 'near':
      return `near${tree.ordered ? 'C' : 'N'}${tree.distance}([${tree.left}],[${tree.right}])`;
    case 'class':
      return `${tree.scheme}:${tree.code}`;
    case 'name':
      return `${tree.field}:${tree.key}`;
    case 'applicationNumber':
      return `appno:${tree.key}`;
    case 'publicationNumber':
      return `pub:${tree.region}/${tree.core}/${tree.kind}`;
    case 'date':
      return `${tree.field}:${tree.from}..${tree.to}`;
    case 'right':
      return `right:${tree.value}`;
  }
}

const problem = (text: string, tag: FormulaTag = 'abst_claim_desc_title', region: FormulaRegion = 'jp') => {
  const result = parseFormula(text, tag, region);
  if (result.ok) throw new Error(`${text} parsed: ${show(result.node)}`);
  return result.problem;
};
const ruleOf = (messageKey: string) => messageKey.replace('islands-formula:formulaErrors.', '');

describe('grammar and precedence', () => {
  test.each([
    ['A*B', 'and(A,B)'],
    ['A+B', 'or(A,B)'],
    ['A-B', 'and(A,not(B))'],
    // + binds loosest
    ['A+B*C', 'or(A,and(B,C))'],
    ['A*B+C', 'or(and(A,B),C)'],
    ['A+B-C', 'or(A,and(B,not(C)))'],
    // * and - bind alike, left to right
    ['A-B*C', 'and(A,not(B),C)'],
    ['A*B-C-D', 'and(A,B,not(C),not(D))'],
    // brackets, both kinds, nested
    ['(A+B)*C', 'and(or(A,B),C)'],
    ['[A+B]*C', 'and(or(A,B),C)'],
    ['A-(B+C)', 'and(A,not(or(B,C)))'],
    ['((A+B)*(C-D))+E', 'or(and(or(A,B),C,not(D)),E)'],
    ['A*(B*(C*D))', 'and(A,B,C,D)'],
    // spaces around operators do not matter; inside a term they are part of it
    [' A  *  B ', 'and(A,B)'],
    ['neural network*deep learning', 'and(neural network,deep learning)'],
    // full-width operators
    ['Ａ＊（Ｂ＋Ｃ）－Ｄ', 'and(Ａ,or(Ｂ,Ｃ),not(Ｄ))'],
    // quotes keep operators as text
    ['"e-mail"*"A+B"', 'and(e-mail,A+B)'],
    ['"TCP/IP"', 'TCP/IP'],
  ])('%s → %s', (text, expected) => {
    expect(show(node(text))).toBe(expected);
  });

  test('Japanese terms with katakana long vowels and kanji stay whole', () => {
    expect(show(node('半導体装置*(コンピューター+サーバー)-特許'))).toBe('and(半導体装置,or(コンピューター,サーバー),not(特許))');
  });
});

describe('tags', () => {
  test.each([
    ['abst_claim_desc_title', ['title', 'abstract', 'claims', 'description']],
    ['claim_desc', ['claims', 'description']],
    ['title', ['title']],
    ['abst_claim', ['abstract', 'claims']],
    ['abst_claim_title', ['title', 'abstract', 'claims']],
    ['abst_title', ['title', 'abstract']],
    ['abst', ['abstract']],
    ['claim', ['claims']],
    ['desc', ['description']],
  ] as const)('%s searches %j', (tag, fields) => {
    expect(node('wash', tag)).toEqual({ type: 'text', fields, text: 'wash' });
  });

  test('query types: formula for text and classification, date for dates, word for the rest', () => {
    const byType = Object.fromEntries(['formula', 'word', 'date'].map((type) => [type, FORMULA_TAGS.filter((tag) => queryTypeOf(tag) === type)]));
    expect(byType).toEqual({
      formula: ['abst_claim_desc_title', 'claim_desc', 'title', 'abst_claim', 'abst_claim_title', 'abst_title', 'abst', 'claim', 'desc', 'ipc', 'fi', 'fterm', 'cpc', 'usc'],
      word: ['appname', 'invename', 'appid', 'pubidall', 'right'],
      date: ['appdate', 'pubdateall', 'pubdate', 'registdate'],
    });
    expect(FORMULA_TAG_GROUPS.flatMap((group) => group.tags).sort()).toEqual([...FORMULA_TAGS].sort());
  });

  test('classification codes are normalised and keep their level', () => {
    expect(show(node('H01L', 'ipc'))).toBe('ipc:H01L');
    expect(show(node('h01l 21/02 + Ｇ０６Ｆ１６／３０', 'ipc'))).toBe('or(ipc:H01L21/02,ipc:G06F16/30)');
    expect(show(node('H01L0021/00', 'ipc'))).toBe('ipc:H01L21'); // "/00" is the main group
    expect(show(node('H', 'ipc'))).toBe('ipc:H');
    expect(show(node('Y02E10/50', 'cpc'))).toBe('cpc:Y02E10/50');
    expect(show(node('H01L21/302,101@A', 'fi'))).toBe('fi:H01L21/302,101@A');
    expect(show(node('H01L 21/302 101 A', 'fi'))).toBe('fi:H01L21/302,101@A');
    expect(show(node('4C083AB08', 'fterm'))).toBe('fterm:4C083AB08');
    expect(show(node('4C083', 'fterm'))).toBe('fterm:4C083');
    expect(show(node('360/78.11+D12/345', 'usc'))).toBe('or(usc:360/78.11,usc:D12/345)');
    expect(show(node('(G06F+G06N)-G06N3/08', 'ipc'))).toBe('and(or(ipc:G06F,ipc:G06N),not(ipc:G06N3/08))');
  });

  test('names: partial keys without case, width, spaces or punctuation; - still means NOT', () => {
    expect(show(node('Hewlett Packard', 'appname'))).toBe('applicant:hewlettpackard');
    expect(show(node('"Hewlett-Packard"', 'appname'))).toBe('applicant:hewlettpackard');
    expect(show(node('ＳＯＮＹ+トヨタ-デンソー', 'appname'))).toBe('or(applicant:sony,and(applicant:トヨタ,not(applicant:デンソー)))');
    expect(show(node('中谷 靖章', 'invename'))).toBe('inventor:中谷靖章');
  });

  test('numbers as offices print them; in number rows - belongs to the number', () => {
    expect(show(node('特開2020-123456', 'pubidall'))).toBe('pub:jp/2020123456/A');
    expect(show(node('2020-123456+2021-000001', 'pubidall', 'jp'))).toBe('or(pub:jp/2020123456/null,pub:jp/2021000001/null)');
    expect(show(node('US 7,783,348 B2', 'pubidall', 'us'))).toBe('pub:us/7783348/B2');
    expect(show(node('7,783,348', 'pubidall', 'us'))).toBe('pub:us/7783348/null');
    expect(show(node('CN106844774A', 'pubidall', 'cn'))).toBe('pub:cn/106844774/A');
    expect(show(node('特願2023-022940+特願２０２３－０２２９４１', 'appid'))).toBe('or(appno:2023022940,appno:2023022941)');
    expect(show(node('特願平11-123456', 'appid'))).toBe('appno:H11123456');
  });

  test('dates: yyyymmdd, from:to, :to, from:, combined with operators', () => {
    expect(show(node('20200131', 'appdate'))).toBe('application:2020-01-31..2020-01-31');
    expect(show(node('20200101:20201231', 'pubdate'))).toBe('publication:2020-01-01..2020-12-31');
    expect(show(node(':20201231', 'registdate'))).toBe('registration:null..2020-12-31');
    expect(show(node('20200101:', 'pubdateall'))).toBe('publicationAll:2020-01-01..null');
    expect(show(node('20200229 : 20200301', 'appdate'))).toBe('application:2020-02-29..2020-03-01');
    expect(show(node('19990101:19991231+20100101:', 'appdate'))).toBe('or(application:1999-01-01..1999-12-31,application:2010-01-01..null)');
    expect(show(node('20000229', 'appdate'))).toBe('application:2000-02-29..2000-02-29');
  });

  test('right: 0, 1, 2 everywhere; 3 (utility model) in cn only', () => {
    for (const region of ['jp', 'us', 'cn'] as const) {
      expect(show(node('0+1+2', 'right', region))).toBe('or(right:0,right:1,right:2)');
    }
    expect(show(node('3', 'right', 'cn'))).toBe('right:3');
    expect(show(node('１', 'right', 'jp'))).toBe('right:1');
  });
});

describe('J-PlatPat field tags', () => {
  test.each([
    ['A/TX', 'abst_claim_desc_title'],
    ['A/CL', 'claim'],
    ['A/AB', 'abst'],
    ['A/TI', 'title'],
    ['A/DE', 'desc'],
  ] as const)('%s overrides the row tag with %s', (text, tag) => {
    expect(node(text, 'ipc')).toEqual(node('A', tag));
  });

  test('/IP /FI /FT /CP make the term a code', () => {
    expect(show(node('半導体/TX*H01L21/02/IP+H01L21/302,101@A/FI*4C083AB08/FT-Y02E10/CP', 'title'))).toBe(
      'or(and(半導体,ipc:H01L21/02),and(fi:H01L21/302,101@A,fterm:4C083AB08,not(cpc:Y02E10)))',
    );
  });

  test('a tag after a group applies to the group; the innermost tag wins', () => {
    const tree = node('(A+B/CL)/AB*C', 'title');
    expect(tree).toEqual({
      type: 'and',
      children: [
        { type: 'or', children: [{ type: 'text', fields: ['abstract'], text: 'A' }, { type: 'text', fields: ['claims'], text: 'B' }] },
        { type: 'text', fields: ['title'], text: 'C' },
      ],
    });
  });

  test('full-width tags count; lower-case or unknown ones are text', () => {
    expect(node('Ａ／ＣＬ')).toEqual({ type: 'text', fields: ['claims'], text: 'Ａ' });
    expect(node('and/or', 'abst')).toEqual({ type: 'text', fields: ['abstract'], text: 'and/or' });
    expect(node('A/XY', 'abst')).toEqual({ type: 'text', fields: ['abstract'], text: 'A/XY' });
  });

  test('a tag names a code field: TCP/IP unquoted reads as an IPC and says how to quote', () => {
    const found = problem('TCP/IP', 'abst');
    expect(found).toMatchObject({ errcode: 'E027', values: { code: 'TCP', scheme: 'IPC' } });
    expect(ruleOf(found.messageKey)).toBe('badClassCode');
  });
});

describe('proximity', () => {
  test.each([
    ['A,10C,B', 'nearC10([A],[B])'],
    ['A,10N,B', 'nearN10([A],[B])'],
    ['A , 5 n , B', 'nearN5([A],[B])'],
    ['A，３Ｃ，B', 'nearC3([A],[B])'],
    ['A,1C,B', 'nearC1([A],[B])'],
    ['A,99N,B', 'nearN99([A],[B])'],
    ['(自動車+車両),5C,ブレーキ', 'nearC5([自動車,車両],[ブレーキ])'],
    ['neural network,3N,[image+picture]', 'nearN3([neural network],[image,picture])'],
    // proximity binds tighter than * and +
    ['A,2C,B*C+D', 'or(and(nearC2([A],[B]),C),D)'],
  ])('%s → %s', (text, expected) => {
    expect(show(node(text, 'abst'))).toBe(expected);
  });

  test('a field tag after the proximity applies to it, also in a code row', () => {
    expect(node('[A,10C,B]/CL', 'ipc')).toEqual({ type: 'near', fields: ['claims'], left: ['A'], right: ['B'], distance: 10, ordered: true });
    expect(node('A,10N,B/TX', 'appdate')).toMatchObject({ type: 'near', fields: ['title', 'abstract', 'claims', 'description'], ordered: false });
  });

  test.each([
    ['A,0C,B', 'proximityDistance'],
    ['A,100N,B', 'proximityDistance'],
    ['A,10C,B,5N,C', 'proximityChain'],
    ['A/TX,10C,B', 'proximityOperand'],
    [',10C,B', 'proximityOperand'],
    ['A,10C,', 'proximityOperand'],
    ['A*,10C,B', 'proximityOperand'],
    ['(A*B),10C,C', 'proximityOperand'],
    ['A,10C,(B-C)', 'proximityOperand'],
  ])('%s: %s (E027)', (text, rule) => {
    const found = problem(text, 'abst');
    expect([found.errcode, ruleOf(found.messageKey)]).toEqual(['E027', rule]);
  });

  test('proximity works in text fields only', () => {
    expect(ruleOf(problem('H01L,5C,G06F', 'ipc').messageKey)).toBe('proximityField');
    expect(ruleOf(problem('sony,2N,corp', 'appname').messageKey)).toBe('proximityField');
  });
});

// One case per rule: the input, its tag/region, the code, and the values its message uses.
const RULE_CASES: Array<{ rule: FormulaRule; errcode: string; text: string; tag?: FormulaTag; region?: FormulaRegion; at?: number }> = [
  { rule: 'empty', errcode: 'E023', text: '   ' },
  { rule: 'tooLong', errcode: 'E027', text: 'a'.repeat(FORMULA_LIMITS.length + 1) },
  { rule: 'unclosedQuote', errcode: 'E027', text: 'A*"B', at: 2 },
  { rule: 'unbalancedOpen', errcode: 'E024', text: '(A*(B+C)', at: 0 },
  { rule: 'unbalancedClose', errcode: 'E024', text: 'A*B)+C', at: 3 },
  { rule: 'mismatchedBracket', errcode: 'E024', text: '(A+B]', at: 4 },
  { rule: 'tooDeep', errcode: 'E024', text: `${'('.repeat(FORMULA_LIMITS.parenthesisDepth + 1)}A${')'.repeat(FORMULA_LIMITS.parenthesisDepth + 1)}` },
  { rule: 'tooManyKeywords', errcode: 'E025', text: Array.from({ length: FORMULA_LIMITS.keywords + 1 }, (_, i) => `w${i}`).join('+') },
  { rule: 'missingOperand', errcode: 'E027', text: 'A*', at: 1 },
  { rule: 'truncation', errcode: 'E027', text: 'batter*', at: 6 },
  { rule: 'missingOperator', errcode: 'E027', text: '(A)(B)', at: 3 },
  { rule: 'emptyGroup', errcode: 'E027', text: 'A*()', at: 2 },
  { rule: 'tagWithoutOperand', errcode: 'E027', text: 'A*/CL', at: 2 },
  { rule: 'proximityOperand', errcode: 'E027', text: 'A,5C,(B*C)' },
  { rule: 'proximityChain', errcode: 'E027', text: 'A,5C,B,5C,C' },
  { rule: 'proximityDistance', errcode: 'E027', text: 'A,0N,B' },
  { rule: 'proximityField', errcode: 'E027', text: 'A,5C,B', tag: 'fterm' },
  { rule: 'noWordCharacters', errcode: 'E027', text: 'A+!!!', at: 2 },
  { rule: 'badClassCode', errcode: 'E027', text: 'H01L+semiconductor', tag: 'ipc', at: 5 },
  { rule: 'badNumber', errcode: 'E027', text: 'abc', tag: 'pubidall' },
  { rule: 'numberOtherRegion', errcode: 'E027', text: 'US 7,783,348 B2', tag: 'pubidall' },
  { rule: 'badDate', errcode: 'E416', text: '20201301', tag: 'appdate' },
  { rule: 'dateRangeReversed', errcode: 'E416', text: '20201231:20200101', tag: 'appdate' },
  { rule: 'badRight', errcode: 'E027', text: '4', tag: 'right', region: 'cn' },
  { rule: 'rightUtilityCnOnly', errcode: 'E027', text: '1+3', tag: 'right', region: 'jp', at: 2 },
];

describe('each rule of a formula row: its code, message key and values', () => {
  test.each(RULE_CASES)('$rule ($errcode): $text', ({ rule, errcode, text, tag, region, at }) => {
    const found = problem(text, tag, region);
    expect(found.errcode).toBe(errcode);
    expect(found.messageKey).toBe(`islands-formula:formulaErrors.${rule}`);
    if (at !== undefined) expect(found.at).toBe(at);
  });

  test('the limits themselves are allowed', () => {
    expect(parseFormula('a'.repeat(FORMULA_LIMITS.length), 'abst', 'us').ok).toBe(true);
    expect(parseFormula(`${'('.repeat(FORMULA_LIMITS.parenthesisDepth)}A${')'.repeat(FORMULA_LIMITS.parenthesisDepth)}`, 'abst', 'us').ok).toBe(true);
    expect(parseFormula(Array.from({ length: FORMULA_LIMITS.keywords }, (_, i) => `w${i}`).join('+'), 'abst', 'us').ok).toBe(true);
    expect(FORMULA_LIMITS).toMatchObject({ rows: 30, length: 500, ipcLimit: 3, fileName: 100 });
  });

  test.each([
    ['*A', '*', 0],
    ['A+', '+', 1],
    ['A-', '-', 1],
    ['A+*B', '+', 1],
    ['(A+)', '+', 2],
    ['A*(-B)', '-', 3],
  ])('operator without operand: %s names %s at %d', (text, operator, at) => {
    expect(problem(text)).toEqual({ errcode: 'E027', messageKey: 'islands-formula:formulaErrors.missingOperand', values: { operator }, at });
  });

  test.each(['(A)B', 'A (B)', '"A""B"', '(A)"B"'])('missing operator: %s', (text) => {
    expect(ruleOf(problem(text).messageKey)).toBe('missingOperator');
  });

  test.each(['', ' ', '\u3000\n'])('empty formula %j is E023', (text) => {
    expect(problem(text).errcode).toBe('E023');
  });

  test.each([
    ['2020013', 'badDate'],
    ['202001011', 'badDate'],
    ['2020-01-01', 'badDate'],
    ['20200230', 'badDate'],
    ['20190229', 'badDate'],
    ['19000229', 'badDate'],
    ['20200431', 'badDate'],
    ['20200001', 'badDate'],
    ['20200100', 'badDate'],
    ['09990101', 'badDate'], // the year starts with 1-9
    [':', 'badDate'],
    ['20200101:20200102:20200103', 'badDate'],
    ['2020010a', 'badDate'],
    ['20200102:20200101', 'dateRangeReversed'],
  ])('invalid date %s → E416 %s', (text, rule) => {
    for (const tag of ['appdate', 'pubdateall', 'pubdate', 'registdate'] as const) {
      const found = problem(text, tag);
      expect([found.errcode, ruleOf(found.messageKey)]).toEqual(['E416', rule]);
    }
  });

  test.each(['3', '3+1'])('right %s outside cn is refused, in cn it is a utility model', (text) => {
    expect(ruleOf(problem(text, 'right', 'us').messageKey)).toBe('rightUtilityCnOnly');
    expect(parseFormula(text, 'right', 'cn').ok).toBe(true);
  });

  test.each(['5', '-1', '01', 'yes', '1.0'])('right %s is not a right value', (text) => {
    expect(problem(text, 'right', 'cn').errcode).toBe('E027');
  });

  test.each([
    ['ipc', 'H01'],
    ['ipc', 'TCP'],
    ['ipc', 'H01L21/02/03'],
    ['ipc', 'Y02E'], // Y is a CPC section only
    ['cpc', 'H01L21/ab'],
    ['fterm', 'ABCDE'],
    ['fi', 'H01L21/302,10'],
    ['usc', 'abc'],
  ] as const)('%s %s is not a code of the scheme', (tag, code) => {
    const found = tag === 'ipc' && code === 'H01' ? null : problem(code, tag);
    if (found) expect(ruleOf(found.messageKey)).toBe('badClassCode');
    else expect(show(node(code, tag))).toBe('ipc:H01'); // a class is a level of its own
  });
});

describe('the combination', () => {
  const rows = [1, 2, 3, 4];
  const showCombination = (text: string, ids = rows) => {
    const result = parseCombination(text, ids);
    if (!result.ok) throw new Error(result.problem.messageKey);
    const render = (n: CombinationNode): string =>
      n.type === 'row' ? String(n.id) : n.type === 'not' ? `not(${render(n.child)})` : `${n.type}(${n.children.map(render).join(',')})`;
    return render(result.node);
  };

  test.each([
    ['1*2', 'and(1,2)'],
    ['1+2*3', 'or(1,and(2,3))'],
    ['1*(2+3)-4', 'and(1,or(2,3),not(4))'],
    ['(1+2)*(3+4)', 'and(or(1,2),or(3,4))'],
    ['1-2-3', 'and(1,not(2),not(3))'],
    ['01*2', 'and(1,2)'],
  ])('%s → %s', (text, expected) => {
    expect(showCombination(text)).toBe(expected);
  });

  test('empty: the only row, or every row ANDed', () => {
    expect(showCombination('', [1])).toBe('1');
    expect(showCombination('', [1, 2, 3])).toBe('and(1,2,3)');
    expect(parseCombination('', [])).toMatchObject({ ok: false, problem: { errcode: 'E023', messageKey: 'islands-formula:formulaErrors.noFormula' } });
  });

  test.each(['１', 'a', '/', '1 * 2', '1 ', '1＊2', '[1]', '1,2'])('only half-width digits and + - * ( ): %j is refused (E027)', (text) => {
    const result = parseCombination(text, rows);
    expect(result).toMatchObject({ ok: false, problem: { errcode: 'E027', messageKey: 'islands-formula:formulaErrors.combinationCharacters' } });
  });

  test.each([
    ['1*5', 'E026', 'combinationUnknownRow', { row: '5' }],
    ['0', 'E026', 'combinationUnknownRow', { row: '0' }],
    ['(1*2', 'E024', 'unbalancedOpen', { bracket: '(' }],
    ['1*2)', 'E024', 'unbalancedClose', { bracket: ')' }],
    ['1*', 'E027', 'missingOperand', { operator: '*' }],
    ['(1)(2)', 'E027', 'missingOperator', { term: '(' }],
    ['()', 'E027', 'emptyGroup', undefined],
    [`${'('.repeat(11)}1${')'.repeat(11)}`, 'E024', 'tooDeep', { max: 10 }],
    [`1${'+1'.repeat(250)}`, 'E027', 'tooLong', { max: 500 }],
  ])('%s: %s %s', (text, errcode, rule, values) => {
    const result = parseCombination(text, rows);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problem).toMatchObject({ errcode, messageKey: `islands-formula:formulaErrors.${rule}`, ...(values && { values }) });
  });
});

describe('validating the form (validateDetailFormulas)', () => {
  const row = (id: number, text: string, tag: FormulaTag = 'abst_claim_desc_title') => ({ id, text, tag });

  test('a valid form', () => {
    const result = validateDetailFormulas(
      { formulas: [row(1, 'A*B'), row(2, 'H01L', 'ipc'), row(3, '20200101:', 'appdate')], combination: '1*(2+3)', ipcLimit: ['G06F', 'H04L 9/32'] },
      'jp',
    );
    expect(result).toEqual({ valid: true, rows: { 1: null, 2: null, 3: null }, combination: null, ipcLimit: null });
  });

  test('every problem at once, per row and for the combination and IPC limit', () => {
    const result = validateDetailFormulas(
      { formulas: [row(1, 'A*'), row(2, '2020', 'appdate'), row(3, 'fine'), row(4, '')], combination: '1*2*4', ipcLimit: ['G06F', 'nope'] },
      'jp',
    );
    expect(result.valid).toBe(false);
    expect(result.rows[1]).toMatchObject({ errcode: 'E027', messageKey: 'islands-formula:formulaErrors.missingOperand' });
    expect(result.rows[2]).toMatchObject({ errcode: 'E416', messageKey: 'islands-formula:formulaErrors.badDate' });
    expect(result.rows[3]).toBeNull();
    expect(result.rows[4]).toMatchObject({ errcode: 'E023', messageKey: 'islands-formula:formulaErrors.empty' });
    expect(result.combination).toMatchObject({ errcode: 'E026', messageKey: 'islands-formula:formulaErrors.combinationRowNotUsed', values: { row: 3 } });
    expect(result.ipcLimit).toMatchObject({ errcode: 'E027', messageKey: 'islands-formula:formulaErrors.ipcLimitCode', values: { code: 'nope' } });
  });

  test('empty rows: refused when the combination uses them (an empty combination uses all), ignored otherwise', () => {
    expect(validateDetailFormulas({ formulas: [row(1, '')], combination: '' }, 'jp')).toMatchObject({ valid: false, rows: { 1: { errcode: 'E023' } } });
    expect(validateDetailFormulas({ formulas: [row(1, 'A'), row(2, ' ')], combination: '' }, 'jp')).toMatchObject({ valid: false, rows: { 1: null, 2: { errcode: 'E023' } } });
    expect(validateDetailFormulas({ formulas: [row(1, 'A'), row(2, '')], combination: '1' }, 'jp')).toMatchObject({ valid: true, rows: { 1: null, 2: null } });
  });

  test('a combination naming a missing row is E026; the rows are still checked', () => {
    const result = validateDetailFormulas({ formulas: [row(1, 'A'), row(2, 'B-')], combination: '1*3' }, 'jp');
    expect(result.combination).toMatchObject({ errcode: 'E026', messageKey: 'islands-formula:formulaErrors.combinationUnknownRow', values: { row: '3' } });
    expect(result.rows[2]).toMatchObject({ errcode: 'E027' });
  });

  test('at most 30 rows (§9), at most 3 IPCs (§5)', () => {
    const thirty = Array.from({ length: 30 }, (_, i) => row(i + 1, `w${i}`));
    expect(validateDetailFormulas({ formulas: thirty, combination: '' }, 'us').valid).toBe(true);
    const tooMany = validateDetailFormulas({ formulas: [...thirty, row(31, 'w31')], combination: '' }, 'us');
    expect(tooMany.combination).toMatchObject({ errcode: 'E027', messageKey: 'islands-formula:formulaErrors.tooManyRows', values: { max: 30 } });
    expect(validateDetailFormulas({ formulas: [row(1, 'A')], combination: '', ipcLimit: ['A01B', 'B02C', 'C03D'] }, 'us').valid).toBe(true);
    expect(validateDetailFormulas({ formulas: [row(1, 'A')], combination: '', ipcLimit: ['A01B', 'B02C', 'C03D', 'D04E'] }, 'us').ipcLimit).toMatchObject({
      errcode: 'E027',
      messageKey: 'islands-formula:formulaErrors.ipcLimitTooMany',
      values: { max: 3 },
    });
  });

  test('the region decides right 3 and numbers without a country', () => {
    const input = { formulas: [row(1, '3', 'right')], combination: '' };
    expect(validateDetailFormulas(input, 'jp').valid).toBe(false);
    expect(validateDetailFormulas(input, 'cn').valid).toBe(true);
  });
});

describe('keys shared by the index and the queries', () => {
  test('a code’s index keys are its levels; a query for any level finds it, a sibling does not', () => {
    const keys = classIndexKeys('ipc', 'H01L 21/027');
    expect(keys).toEqual(['ipc:H', 'ipc:H01', 'ipc:H01L', 'ipc:H01L21', 'ipc:H01L21/0', 'ipc:H01L21/02', 'ipc:H01L21/027']);
    for (const query of ['H', 'H01', 'h01l', 'H01L21', 'H01L 21/00', 'H01L21/02', 'Ｈ０１Ｌ２１／０２７']) expect(keys).toContain(classQueryKey('ipc', query));
    for (const query of ['H01L2', 'H01L210', 'H01L21/03', 'H01L21/0271', 'H01M']) expect(keys).not.toContain(classQueryKey('ipc', query));
  });

  test('FI subdivisions and file discrimination letters, F-terms, USC, application numbers', () => {
    expect(searchKeysOf({ fi: ['H01L 21/302 101A'], fterm: ['4C083AB082'], usc: ['360/78.11'], applicationNumber: '特願2023-022940' })).toEqual([
      'fi:H', 'fi:H01', 'fi:H01L', 'fi:H01L21', 'fi:H01L21/3', 'fi:H01L21/30', 'fi:H01L21/302', 'fi:H01L21/302,101', 'fi:H01L21/302,101@A',
      'fterm:4C083', 'fterm:4C083AB', 'fterm:4C083AB08', 'fterm:4C083AB082',
      'usc:360', 'usc:360/78', 'usc:360/78.11',
      'appno:2023022940',
    ]);
    expect(applicationNumberKey('US 12/345,678')).toBe('12345678');
    expect(applicationNumberKey('CN 201810123456.7')).toBe('201810123456');
    expect(nameKey('Ｓｏｎｙ Corp.')).toBe('sonycorp');
  });
});

describe('messages', () => {
  const locale = (language: string) => JSON.parse(readFileSync(`locales/${language}/islands-formula.json`, 'utf8'));

  test.each(['ja', 'en'])('%s: a message for every rule, a label for every tag, group and query type', (language) => {
    const strings = locale(language);
    expect(Object.keys(strings.formulaErrors).sort()).toEqual([...FORMULA_RULES].sort());
    expect(Object.keys(strings.formulaTags).sort()).toEqual([...FORMULA_TAGS].sort());
    expect(Object.keys(strings.formulaTagGroups).sort()).toEqual(FORMULA_TAG_GROUPS.map((group) => group.group).sort());
    expect(Object.keys(strings.queryTypes).sort()).toEqual(['date', 'formula', 'word']);
    expect(Object.keys(strings.formulaRightValues).sort()).toEqual(['0', '1', '2', '3']);
  });

  test('Japanese tag labels are a searcher’s words', () => {
    expect(locale('ja').formulaTags).toMatchObject({ abst_claim_desc_title: '要約+請求項+明細書+発明の名称', appname: '出願人', appdate: '出願日', right: '権利', fterm: 'Fターム' });
  });

  test('every rule case is covered above, and its message interpolates the values it gets', async () => {
    const i18n = await createI18n();
    const covered = new Set(RULE_CASES.map((c) => c.rule));
    for (const rule of FORMULA_RULES) {
      // Combination-, form- and compile-level rules are exercised in their own tests.
      if (['combinationCharacters', 'combinationUnknownRow', 'combinationRowNotUsed', 'noFormula', 'tooManyRows', 'ipcLimitTooMany', 'ipcLimitCode', 'tooComplex'].includes(rule)) continue;
      expect(covered).toContain(rule);
    }
    for (const { text, tag, region } of RULE_CASES) {
      const found = problem(text, tag, region);
      for (const language of ['ja', 'en'] as const) {
        // as the error middleware translates an AppError: the key's namespace wins over ns: 'errors'
        const message = i18n.getFixedT(language)(found.messageKey, { ns: 'errors', ...found.values });
        expect(message).not.toContain('{{');
        expect(message).not.toContain('formulaErrors');
        // the browser's merged island bundle has the same string under the key without namespace
        const bundle = islandBundle(i18n, language) as { formulaErrors: Record<string, string> };
        expect(bundle.formulaErrors[islandMessageKey(found).split('.')[1]!]).toBeDefined();
      }
    }
  });
});

test('the parser modules are browser-safe (no Node imports)', () => {
  for (const file of ['formula.ts', 'syntax.ts', 'keys.ts', 'dates.ts', '../numbers.ts']) {
    const source = readFileSync(`src/patents/query/${file}`, 'utf8');
    const imports = [...source.matchAll(/^import\s[^;]*?from\s+'([^']+)'/gm)].map((m) => m[1]!);
    for (const specifier of imports) expect(specifier).toMatch(/^\.\.?\/[\w./-]+\.ts$/);
    expect(source).not.toMatch(/from 'node:|require\(/);
  }
});
