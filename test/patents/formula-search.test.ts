// Detailed-search formulas on real publications (a cut of data/demo-corpus plus the parser
// fixtures): a formula finds the set algebra of its parts (A*B = A∩B, A+B = A∪B, A-B = A∖B,
// nested, across rows and tags), and each kind of term finds what the stored fields say
// (words and phrases in the analysed text, classification prefixes, dates, names, numbers).
import { analyzeField } from '../../src/patents/analysis/index.ts';
import { displayNumberOfId } from '../../src/patents/numbers.ts';
import { compileDetailQuery, FormulaError } from '../../src/patents/query/compile.ts';
import type { FormulaRegion, FormulaTag } from '../../src/patents/query/formula.ts';
import { difference, formulaTestStore, hitsOf, intersection, sorted, union, type FormulaTestStore, type Row } from './formula-corpus.ts';

let store: FormulaTestStore;
beforeAll(async () => {
  store = await formulaTestStore({ demo: true });
}, 120_000);
afterAll(() => store?.close());

const hits = (region: FormulaRegion, rows: Row[], combination = '', ipcLimit: string[] = []) => hitsOf(store.db, region, rows, combination, ipcLimit);
const one = (text: string, tag: FormulaTag = 'abst_claim_desc_title', region: FormulaRegion = 'us') => hits(region, [{ text, tag }]);

describe('set algebra of text terms', () => {
  let data: Set<string>, network: Set<string>, user: Set<string>, image: Set<string>;
  beforeAll(async () => {
    [data, network, user, image] = (await Promise.all(['data', 'network', 'user', 'image'].map((word) => one(word)))) as [Set<string>, Set<string>, Set<string>, Set<string>];
  });

  test('the terms are frequent and overlap, so the checks below can fail', () => {
    for (const set of [data, network, user, image]) expect(set.size).toBeGreaterThan(30);
    expect(intersection(data, network).size).toBeGreaterThan(5);
    expect(difference(data, network).size).toBeGreaterThan(5);
  });

  test('A*B = A∩B, A+B = A∪B, A-B = A∖B within a row', async () => {
    expect(sorted(await one('data*network'))).toEqual(sorted(intersection(data, network)));
    expect(sorted(await one('data+network'))).toEqual(sorted(union(data, network)));
    expect(sorted(await one('data-network'))).toEqual(sorted(difference(data, network)));
  });

  test('nested and precedence: (A+B)*C-D, A+B*C, A-B*C', async () => {
    expect(sorted(await one('(data+network)*user-image'))).toEqual(sorted(difference(intersection(union(data, network), user), image)));
    expect(sorted(await one('data+network*user'))).toEqual(sorted(union(data, intersection(network, user))));
    expect(sorted(await one('data-network*user'))).toEqual(sorted(intersection(difference(data, network), user)));
    expect(sorted(await one('[data-(network+image)]+user*image'))).toEqual(sorted(union(difference(data, union(network, image)), intersection(user, image))));
  });

  test('the same through the combination of rows', async () => {
    const rows = ['data', 'network', 'user', 'image'].map((text) => ({ text, tag: 'abst_claim_desc_title' as const }));
    expect(sorted(await hits('us', rows, '1*(2+3)-4'))).toEqual(sorted(difference(intersection(data, union(network, user)), image)));
    expect(sorted(await hits('us', rows, '1+2-3*4'))).toEqual(sorted(union(data, intersection(difference(network, user), image))));
    // an empty combination ANDs the rows
    expect(sorted(await hits('us', rows.slice(0, 2)))).toEqual(sorted(intersection(data, network)));
  });

  test('rows on different fields combine per term: A in the title AND B in the claims or description', async () => {
    const title = await one('data', 'title');
    const claimDesc = await one('network', 'claim_desc');
    expect(title.size).toBeGreaterThan(0);
    expect(sorted(await hits('us', [{ text: 'data', tag: 'title' }, { text: 'network', tag: 'claim_desc' }], '1*2'))).toEqual(sorted(intersection(title, claimDesc)));
    // within one multi-field row, A*B means A in any of its fields and B in any of them
    const [a, b] = await Promise.all([one('data', 'claim_desc'), one('network', 'claim_desc')]);
    expect(sorted(await one('data*network', 'claim_desc'))).toEqual(sorted(intersection(a, b)));
    expect(sorted(await one('data-network', 'abst_claim'))).toEqual(sorted(difference(await one('data', 'abst_claim'), await one('network', 'abst_claim'))));
  });

  test('J-PlatPat tags: a term with /TI finds what the title row finds; the full text is the union of the fields', async () => {
    expect(sorted(await one('data/TI', 'ipc'))).toEqual(sorted(await one('data', 'title')));
    expect(sorted(await one('(data+network)/AB*user/TX', 'title'))).toEqual(sorted(intersection(await one('data+network', 'abst'), user)));
    const fields = await Promise.all((['title', 'abst', 'claim', 'desc'] as const).map((tag) => one('network', tag)));
    expect(sorted(network)).toEqual(sorted(fields.reduce(union)));
  });
});

describe('words, phrases and proximity as the index stores them (oracle: the analysed abstracts)', () => {
  let abstracts: Map<string, string[]>;
  beforeAll(async () => {
    const rows: Array<{ id: string; abstract: string | null }> = await store.db('patents').where('region', 'us').select('id', 'abstract');
    abstracts = new Map(await Promise.all(rows.map(async (row) => [row.id, await analyzeField(row.abstract, 'us')] as [string, string[]])));
  });
  const where = (test: (tokens: string[]) => boolean) => new Set([...abstracts].filter(([, tokens]) => test(tokens)).map(([id]) => id));
  const positions = (tokens: string[], lexeme: string) => tokens.flatMap((token, i) => (token === lexeme ? [i] : []));

  test('a word matches its stem: processing finds process, processes, processed', async () => {
    const expected = where((tokens) => tokens.includes('process'));
    expect(expected.size).toBeGreaterThan(10);
    expect(sorted(await one('processing', 'abst'))).toEqual(sorted(expected));
    expect(sorted(await one('PROCESSES', 'abst'))).toEqual(sorted(expected));
  });

  test('several words are a phrase: adjacent and in order', async () => {
    const phrase = where((tokens) => tokens.some((token, i) => token === 'neural' && tokens[i + 1] === 'network'));
    const both = where((tokens) => tokens.includes('neural') && tokens.includes('network'));
    expect(phrase.size).toBeGreaterThan(10);
    expect(both.size).toBeGreaterThan(phrase.size);
    expect(sorted(await one('neural networks', 'abst'))).toEqual(sorted(phrase));
    expect(sorted(await one('"neural network"', 'abst'))).toEqual(sorted(phrase));
    expect(sorted(await one('neural*network', 'abst'))).toEqual(sorted(both));
  });

  test('A,nC,B: B begins 1…n positions after A; A,nN,B: either order', async () => {
    const within = (a: string, b: string, n: number, ordered: boolean) =>
      where((tokens) =>
        positions(tokens, a).some((i) => positions(tokens, b).some((j) => (j - i >= 1 && j - i <= n) || (!ordered && i - j >= 1 && i - j <= n))),
      );
    const ordered = within('data', 'process', 3, true);
    const unordered = within('data', 'process', 3, false);
    expect(ordered.size).toBeGreaterThan(3);
    expect(unordered.size).toBeGreaterThan(ordered.size);
    expect(sorted(await one('data,3C,processing', 'abst'))).toEqual(sorted(ordered));
    expect(sorted(await one('data,3N,processing', 'abst'))).toEqual(sorted(unordered));
    // distance 1 in order is the phrase
    expect(sorted(await one('neural,1C,network', 'abst'))).toEqual(sorted(await one('neural network', 'abst')));
    // synonyms on one side
    expect(sorted(await one('(data+image),3C,processing', 'abst'))).toEqual(sorted(union(ordered, within('imag', 'process', 3, true))));
  });

  test('a phrase does not run from one field into the next (title end + abstract start)', async () => {
    const rows: Array<{ id: string; title: string; abstract: string }> = await store.db('patents')
      .where('region', 'us')
      .whereNotNull('title')
      .whereNotNull('abstract')
      .whereRaw("claims IS NULL AND coalesce(description, '') = ''")
      .select('id', 'title', 'abstract')
      .orderBy('id')
      .limit(300);
    let checked = 0;
    for (const row of rows) {
      const title = await analyzeField(row.title, 'us');
      const abstract = abstracts.get(row.id)!;
      // the words as written, when each is one token: the title's last and the abstract's first
      const [lastWord, firstWord] = [row.title.split(/\s+/).at(-1)!.replace(/\W/g, ''), row.abstract.split(/\s+/)[0]!.replace(/\W/g, '')];
      const [last, first] = [await analyzeField(lastWord, 'us'), await analyzeField(firstWord, 'us')];
      if (last.length !== 1 || first.length !== 1 || last[0] !== title.at(-1) || first[0] !== abstract[0]) continue;
      if ([title, abstract].some((tokens) => tokens.some((token, i) => token === last[0] && tokens[i + 1] === first[0]))) continue;
      expect(await one(`"${lastWord} ${firstWord}"`)).not.toContain(row.id);
      expect(await one(`${lastWord}*${firstWord}`)).toContain(row.id);
      checked++;
    }
    expect(checked).toBeGreaterThan(10);
  });

  test('a term of stop words only matches nothing; beside OR it changes nothing', async () => {
    expect((await one('the', 'abst')).size).toBe(0);
    expect(sorted(await one('the+processing', 'abst'))).toEqual(sorted(await one('processing', 'abst')));
    expect(sorted(await one('processing-the', 'abst'))).toEqual(sorted(await one('processing', 'abst')));
  });
});

describe('classification, dates, names, numbers, right (oracle: the stored fields)', () => {
  let documents: Array<{ id: string; region: FormulaRegion; ipc: string[]; cpc: string[]; applicants: string[]; application_date: Date | null; publication_date: Date | null }>;
  beforeAll(async () => {
    documents = await store.db('patents').select('id', 'region', 'ipc', 'cpc', 'applicants', 'application_date', 'publication_date');
  });
  const expected = (region: FormulaRegion, test: (document: (typeof documents)[number]) => boolean) =>
    sorted(new Set(documents.filter((d) => d.region === region && test(d)).map((d) => d.id)));

  test('IPC at each level, with everything below it', async () => {
    const withIpc = documents.filter((d) => d.region === 'us' && d.ipc.length > 0);
    expect(withIpc.length).toBeGreaterThan(10);
    for (const code of ['G', 'G06', 'G06F', 'A61B']) {
      const found = await one(code, 'ipc');
      expect(sorted(found)).toEqual(expected('us', (d) => d.ipc.some((c) => c.startsWith(code))));
    }
    const mainGroup = withIpc[0]!.ipc[0]!.replace(/\/.*/, ''); // e.g. "G06F 15"
    const group = new RegExp(`^${mainGroup}/`);
    expect(sorted(await one(`${mainGroup}/00`, 'ipc'))).toEqual(expected('us', (d) => d.ipc.some((c) => group.test(c))));
    expect(sorted(await one(withIpc[0]!.ipc[0]!, 'ipc'))).toContain(withIpc[0]!.id);
  });

  test('CPC of the Chinese records; an IPC limit narrows to any of its codes', async () => {
    expect(sorted(await one('G06F', 'cpc', 'cn'))).toEqual(expected('cn', (d) => d.cpc.some((c) => c.startsWith('G06F'))));
    expect(expected('cn', (d) => d.cpc.length > 0).length).toBeGreaterThan(10);
    const text = await one('data');
    const limited = await hits('us', [{ text: 'data', tag: 'abst_claim_desc_title' }], '', ['G06F', 'H04L']);
    expect(sorted(limited)).toEqual(sorted(new Set([...text].filter((id) => expected('us', (d) => d.ipc.some((c) => /^(G06F|H04L)/.test(c))).includes(id)))));
  });

  test('text * IPC * date across rows is the intersection; + and - too', async () => {
    const rows: Row[] = [
      { text: 'data+signal+image', tag: 'abst_claim_desc_title' },
      { text: 'G06+H04', tag: 'ipc' },
      { text: '20000101:', tag: 'appdate' },
    ];
    const [text, ipc, date] = (await Promise.all(rows.map((row) => hits('us', [row])))) as [Set<string>, Set<string>, Set<string>];
    expect(sorted(date)).toEqual(expected('us', (d) => d.application_date !== null && d.application_date >= new Date(2000, 0, 1)));
    const all = intersection(intersection(text, ipc), date);
    expect(all.size).toBeGreaterThan(0);
    expect(sorted(await hits('us', rows, '1*2*3'))).toEqual(sorted(all));
    expect(sorted(await hits('us', rows, '(1-2)+3'))).toEqual(sorted(union(difference(text, ipc), date)));
    expect(sorted(await hits('us', rows, '2-1-3'))).toEqual(sorted(difference(difference(ipc, text), date)));
  });

  test('date ranges: from:to, :to, from:, one day; publication and filing dates apart', async () => {
    const inRange = (date: Date | null, from?: Date, to?: Date) => date !== null && (!from || date >= from) && (!to || date <= to);
    expect(sorted(await one('20100101:20121231', 'appdate'))).toEqual(expected('us', (d) => inRange(d.application_date, new Date(2010, 0, 1), new Date(2012, 11, 31))));
    expect(sorted(await one(':19991231', 'pubdate'))).toEqual(expected('us', (d) => inRange(d.publication_date, undefined, new Date(1999, 11, 31))));
    expect((await one(':19991231', 'pubdate')).size).toBeGreaterThan(0);
    const day = documents.find((d) => d.region === 'cn' && d.publication_date)!;
    const yyyymmdd = `${day.publication_date!.getFullYear()}${String(day.publication_date!.getMonth() + 1).padStart(2, '0')}${String(day.publication_date!.getDate()).padStart(2, '0')}`;
    expect(sorted(await one(yyyymmdd, 'pubdate', 'cn'))).toEqual(expected('cn', (d) => d.publication_date?.getTime() === day.publication_date!.getTime()));
    // pubdateall: the publication or the registration date
    expect(sorted(await one('20120327', 'pubdateall'))).toEqual(expect.arrayContaining(['USD656311S1', 'USD656312S1', 'USD656313S1']));
  });

  test('applicant and inventor names match in part, ignoring case, width and punctuation', async () => {
    const folded = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');
    const microsoft = expected('us', (d) => d.applicants.some((a) => folded(a).includes('microsoft')));
    expect(microsoft.length).toBeGreaterThan(0);
    expect(sorted(await one('Microsoft', 'appname'))).toEqual(microsoft);
    expect(sorted(await one('ＭＩＣＲＯＳＯＦＴ', 'appname'))).toEqual(microsoft);
    expect(sorted(await one('micro soft', 'appname'))).toEqual(microsoft);
    expect(sorted(await one('microsoft-ibm', 'appname'))).toEqual(expected('us', (d) => d.applicants.some((a) => folded(a).includes('microsoft')) && !d.applicants.some((a) => folded(a).includes('ibm'))));
    expect(sorted(await one('イングラボ', 'appname', 'jp'))).toEqual(['JP2024108988A']);
    expect(sorted(await one('中谷靖章', 'invename', 'jp'))).toEqual(['JP2024108988A']);
  });

  test('publication numbers as offices print them', async () => {
    const sample = documents.filter((d) => d.region === 'us').slice(0, 5);
    for (const document of sample) {
      const found = await one(displayNumberOfId(document.id, 'en'), 'pubidall');
      expect(found).toContain(document.id);
    }
    expect(sorted(await one('特開2024-108988', 'pubidall', 'jp'))).toEqual(['JP2024108988A']);
    expect(sorted(await one('2024-108988+2099-000001', 'pubidall', 'jp'))).toEqual(['JP2024108988A']);
    expect(sorted(await one('US 8,930,553 B2', 'pubidall'))).toEqual(['US8930553B2']);
    expect(sorted(await one('US8930553', 'pubidall'))).toEqual(['US8930553B2']);
    expect((await one('US 8,930,553 A1', 'pubidall')).size).toBe(0);
  });

  test('application numbers in their printed forms', async () => {
    expect(sorted(await one('特願2023-022940', 'appid', 'jp'))).toEqual(['JP2024108988A']);
    expect(sorted(await one('2023-022940', 'appid', 'jp'))).toEqual(['JP2024108988A']);
    expect(sorted(await one('13/648,029', 'appid'))).toEqual(['US8930553B2']);
    expect(sorted(await one('201910477986.4+202110251250', 'appid', 'cn'))).toEqual(['CN110346043A', 'CN112856361B']);
  });

  test('FI, F-terms and US classes by prefix along their hierarchy', async () => {
    expect(sorted(await one('A61K8/898', 'fi', 'jp'))).toEqual(['JP2024108988A']);
    expect(sorted(await one('A61K8/00+A61Q', 'fi', 'jp'))).toEqual(['JP2024108988A']);
    expect((await one('A61K8/9', 'fi', 'jp')).size).toBe(0);
    expect(sorted(await one('4C083AB', 'fterm', 'jp'))).toEqual(['JP2024108988A']);
    expect((await one('4C083AD', 'fterm', 'jp')).size).toBe(0);
    expect(sorted(await one('D3', 'usc'))).toEqual(['USD656311S1', 'USD656312S1', 'USD656313S1']);
    expect(sorted(await one('D3/232', 'usc'))).toEqual(['USD656311S1', 'USD656312S1']);
    expect(sorted(await one('709/228+600', 'usc'))).toEqual(['US20050004437A1', 'US8930553B2']);
  });

  test('Japanese text: words, phrase and NOT, field by field, in a Japanese gazette (its title only)', async () => {
    expect(await one('毛髪*化粧料', 'abst_claim_desc_title', 'jp')).toContain('JP2024108988A');
    expect(sorted(await one('毛髪変形化粧料', 'title', 'jp'))).toEqual(['JP2024108988A']);
    expect((await one('化粧料変形', 'title', 'jp')).size).toBe(0);
    expect(await one('毛髪/TI-変形/TI', 'abst', 'jp')).not.toContain('JP2024108988A');
    // NOT 変形 in the abstract (it has none): the title match stays
    expect(await one('毛髪/TI-変形', 'abst', 'jp')).toContain('JP2024108988A');
  });

  test('right values (the corpus carries no legal status, so a few records get one here)', async () => {
    const us = documents.filter((d) => d.region === 'us').slice(0, 6).map((d) => d.id);
    const cn = documents.filter((d) => d.region === 'cn').slice(0, 2).map((d) => d.id);
    await store.db('patents').whereIn('id', us.slice(0, 3)).update({ right: 1 });
    await store.db('patents').whereIn('id', us.slice(3, 5)).update({ right: 0 });
    await store.db('patents').whereIn('id', us.slice(5)).update({ right: 2 });
    await store.db('patents').whereIn('id', cn).update({ right: 3 });
    expect(sorted(await one('1', 'right'))).toEqual(us.slice(0, 3).sort());
    expect(sorted(await one('0+2', 'right'))).toEqual(us.slice(3).sort());
    expect(sorted(await one('3', 'right', 'cn'))).toEqual([...cn].sort());
    // a document without a right value is in A-right, not in right
    const data = await one('data');
    const withRight = await hits('us', [{ text: 'data', tag: 'abst_claim_desc_title' }, { text: '1', tag: 'right' }], '1-2');
    expect(sorted(withRight)).toEqual(sorted(difference(data, new Set(us.slice(0, 3)))));
  });
});

describe('random formulas: SQL hits equal the set algebra of their atoms', () => {
  // Atoms: a term in the row's tag, a term with a J-PlatPat tag, a code; rows of any kind.
  const TEXT_TAGS: FormulaTag[] = ['abst_claim_desc_title', 'claim_desc', 'title', 'abst_claim', 'abst_title', 'abst', 'desc'];
  const WORDS = ['data', 'network', 'user', 'image', 'signal', 'device', 'neural network', 'wash', 'data,3N,process', 'system', 'the', 'water'];
  const OVERRIDES = ['', '', '', '/TI', '/AB', '/CL', '/TX', '/DE'];
  const CODES = ['G06F/IP', 'H04L/IP', 'G06/IP', 'A61B5/IP'];
  const OTHER_ROWS: Row[] = [
    { text: 'G06F+H04L', tag: 'ipc' },
    { text: '20050101:', tag: 'appdate' },
    { text: ':20101231', tag: 'pubdate' },
    { text: 'inc+corp', tag: 'appname' },
    { text: 'G06', tag: 'cpc' },
  ];

  let seed = 20261121;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T,>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

  type Expr = { text: string; atoms: string[]; evaluate(atom: (text: string) => Set<string>): Set<string> };
  const apply = (operator: string, a: Set<string>, b: Set<string>) => (operator === '*' ? intersection(a, b) : operator === '+' ? union(a, b) : difference(a, b));

  /** A chain A op B op C… evaluated with the grammar's precedence: + loosest, * and - left to right. */
  function chain(operands: Expr[], operators: string[]): Expr {
    return {
      text: operands.map((operand, i) => (i ? operators[i - 1] : '') + operand.text).join(''),
      atoms: operands.flatMap((operand) => operand.atoms),
      evaluate(atom) {
        const sums: Set<string>[] = [];
        let current = operands[0]!.evaluate(atom);
        operators.forEach((operator, i) => {
          const next = operands[i + 1]!.evaluate(atom);
          if (operator === '+') {
            sums.push(current);
            current = next;
          } else current = apply(operator, current, next);
        });
        return [...sums, current].reduce(union);
      },
    };
  }

  function expression(depth: number): Expr {
    if (depth === 0 || random() < 0.35) {
      const text = random() < 0.2 ? pick(CODES) : pick(WORDS) + pick(OVERRIDES);
      return { text, atoms: [text], evaluate: (atom) => atom(text) };
    }
    const count = 2 + Math.floor(random() * 3);
    const operands = Array.from({ length: count }, () => {
      const inner = expression(depth - 1);
      if (inner.atoms.length === 1) return inner;
      const [open, close] = random() < 0.5 ? ['(', ')'] : ['[', ']'];
      return { ...inner, text: `${open}${inner.text}${close}` };
    });
    return chain(operands, Array.from({ length: count - 1 }, () => pick(['*', '+', '-'])));
  }

  test('200 random rows and combinations', async () => {
    const atomHits = new Map<string, Set<string>>();
    const atomKey = (tag: FormulaTag, text: string) => `${tag}|${text}`;
    let checked = 0;
    let nonTrivial = 0;
    for (let round = 0; round < 200; round++) {
      const textRows = Array.from({ length: 1 + Math.floor(random() * 3) }, () => ({ tag: pick(TEXT_TAGS), expr: expression(2) }));
      const others = OTHER_ROWS.filter(() => random() < 0.3);
      for (const { tag, expr } of textRows) {
        for (const atom of expr.atoms) if (!atomHits.has(atomKey(tag, atom))) atomHits.set(atomKey(tag, atom), await hits('us', [{ text: atom, tag }]));
      }
      const rowHits: Set<string>[] = textRows.map(({ tag, expr }) => expr.evaluate((atom) => atomHits.get(atomKey(tag, atom))!));
      for (const row of others) rowHits.push(await hits('us', [row]));
      const rows: Row[] = [...textRows.map(({ tag, expr }) => ({ tag, text: expr.text })), ...others];
      // A random combination over the row numbers (a chain, parenthesised in part).
      const ids = rows.map((_, i) => i + 1).sort(() => random() - 0.5);
      const operators = ids.slice(1).map(() => pick(['*', '+', '-']));
      const combination = chain(
        ids.map((id) => ({ text: String(id), atoms: [String(id)], evaluate: () => rowHits[id - 1]! })),
        operators,
      );
      const found = await hits('us', rows, combination.text);
      const wanted = combination.evaluate(() => new Set());
      expect({ rows: rows.map((row) => `${row.tag}: ${row.text}`), combination: combination.text, hits: sorted(found) }).toEqual({
        rows: rows.map((row) => `${row.tag}: ${row.text}`),
        combination: combination.text,
        hits: sorted(wanted),
      });
      checked++;
      if (wanted.size > 0) nonTrivial++;
    }
    expect(checked).toBe(200);
    expect(nonTrivial).toBeGreaterThan(100);
  }, 60_000);
});

describe('compiling', () => {
  test('user text never reaches the SQL: only the structure does', async () => {
    const plain = await compileDetailQuery({ formulas: [{ id: 1, text: 'wash*dry', tag: 'abst' }], combination: '', ipcLimit: [] }, 'us');
    const hostile = await compileDetailQuery({ formulas: [{ id: 1, text: `"'; DROP TABLE patents; --"*"OR 1=1 \\ $1 ?"`, tag: 'abst' }], combination: '', ipcLimit: [] }, 'us');
    expect(hostile.sql).toBe(plain.sql);
    await store.db('patents').whereRaw(hostile.sql, hostile.bindings as never).count();
    const names = await compileDetailQuery({ formulas: [{ id: 1, text: `"O'Brien % _ \\"`, tag: 'appname' }], combination: '', ipcLimit: [] }, 'us');
    expect(names.sql).not.toMatch(/brien|%/i);
    expect(names.sql).toMatch(/b\.key LIKE \?\)\)$/);
    expect(names.bindings).toEqual(['%obrien%']);
    expect(await store.db('patents').count({ n: '*' })).toEqual([{ n: expect.any(String) }]);
  });

  test('rankTsquery ORs the positive terms and ranks with ts_rank_cd', async () => {
    const condition = await compileDetailQuery({ formulas: [{ id: 1, text: '(washing+laundry)*machine-dryer', tag: 'abst_claim_desc_title' }], combination: '', ipcLimit: [] }, 'us');
    expect(condition.rankTsquery).toBe("('wash') | ('laundri') | ('machin')");
    const ranked = await store.db('patents')
      .where('region', 'us')
      .whereRaw(condition.sql, condition.bindings as never)
      .select('id', store.db.raw('ts_rank_cd(tsv_rank, ?::tsquery) AS rank', [condition.rankTsquery]))
      .orderBy('rank', 'desc');
    expect(ranked.length).toBeGreaterThan(0);
    const codes = await compileDetailQuery({ formulas: [{ id: 1, text: 'G06F', tag: 'ipc' }], combination: '', ipcLimit: [] }, 'us');
    expect(codes.rankTsquery).toBeNull();
  });

  test('invalid input throws the problem as an AppError with where it is', async () => {
    const attempt = (formulas: Array<{ id: number; text: string; tag: FormulaTag }>, combination = '', ipcLimit: string[] = []) =>
      compileDetailQuery({ formulas, combination, ipcLimit }, 'jp').then(
        () => undefined,
        (error: unknown) => error as FormulaError,
      );
    expect(await attempt([{ id: 1, text: 'a', tag: 'abst' }, { id: 2, text: '20201340', tag: 'appdate' }])).toMatchObject({
      status: 400,
      errcode: 'E416',
      messageKey: 'islands-formula:formulaErrors.badDate',
      messageValues: { date: '20201340' },
      row: 2,
      where: { row: 2 },
    });
    expect(await attempt([{ id: 1, text: 'a', tag: 'abst' }], '1*2')).toMatchObject({ errcode: 'E026', field: 'combination', where: { field: 'combination' } });
    expect(await attempt([{ id: 1, text: 'a', tag: 'abst' }], '', ['A', 'B', 'C', 'D'])).toMatchObject({ errcode: 'E027', field: 'ipcLimit' });
    expect(await attempt([{ id: 1, text: '', tag: 'abst' }])).toMatchObject({ errcode: 'E023', row: 1 });
  });

  test('a search too large to run is refused (E027 tooComplex); a large realistic one runs', async () => {
    const word = (i: number) => `w${i}`;
    const heavy = Array.from({ length: 30 }, (_, row) => ({
      id: row + 1,
      text: Array.from({ length: 20 }, (_, i) => `${word(row * 40 + 2 * i)},99N,${word(row * 40 + 2 * i + 1)}`).join('*'),
      tag: 'abst_claim_desc_title' as const,
    }));
    await expect(compileDetailQuery({ formulas: heavy, combination: '', ipcLimit: [] }, 'us')).rejects.toMatchObject({
      errcode: 'E027',
      messageKey: 'islands-formula:formulaErrors.tooComplex',
    });
    const realistic = Array.from({ length: 30 }, (_, row) => ({
      id: row + 1,
      text: `(data+information+${word(row)}),10N,(process+handling)+network*user`,
      tag: 'abst_claim_desc_title' as const,
    }));
    const condition = await compileDetailQuery({ formulas: realistic, combination: '', ipcLimit: ['G06F'] }, 'us');
    await store.db('patents').where('region', 'us').whereRaw(condition.sql, condition.bindings as never).count();
  });
});
