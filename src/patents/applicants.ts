// One applicant under its published variants: "Sony Corp", "SONY CORPORATION", "ソニー株式会社"
// (through the corpus's own links, see aliasPairs), "ＳＯＮＹ　ｃｏｒｐ．" are one applicant.
// applicantKey() is the normal form the store keeps (applicants.key): width and case folded,
// punctuation and spaces gone, legal forms (Inc., Ltd., Co., Ltd., Corp., GmbH, K.K., 株式会社
// before or after, 有限公司, カンパニー …) dropped. Pure: the ingest, the migration and the
// formula compiler use the same function.

/** Legal-form words at the end (or "the" at the start) of a Latin-script name, after dots are removed (L.L.C. → llc). */
const LATIN_LEGAL_FORMS = new Set([
  'inc', 'incorporated', 'ltd', 'limited', 'corp', 'corporation', 'co', 'company', 'cos', 'llc', 'lp', 'llp', 'plc', 'gmbh', 'mbh',
  'ag', 'kg', 'kgaa', 'se', 'sa', 'sas', 'sarl', 'nv', 'bv', 'oy', 'oyj', 'ab', 'as', 'asa', 'spa', 'srl', 'kk', 'pty', 'pte',
  'bhd', 'sdn', 'gk', 'ltda', 'sl', 'sociedad', 'anonima', 'kabushiki', 'kaisha', 'aktiengesellschaft', 'gesellschaft',
]);
/** Legal forms written in Japanese or Chinese, before or after the name (after width folding: ㈱ → (株)). */
const CJK_LEGAL_FORMS = [
  '股份有限公司', '有限责任公司', '有限責任公司', '股份公司', '有限公司', '有限會社',
  '株式会社', '有限会社', '合同会社', '合資会社', '合名会社',
  '一般社団法人', '一般財団法人', '公益社団法人', '公益財団法人', '独立行政法人', '国立研究開発法人', '国立大学法人', '公立大学法人', '学校法人', '社会福祉法人', '医療法人',
];
/** Legal forms transliterated into katakana by Japanese gazettes (カンパニー for Company …), at the end. */
const KATAKANA_LEGAL_FORMS = [
  'リミテッドライアビリティカンパニー', 'インコーポレイテッド', 'インコーポレーテッド', 'インコーポレイティド', 'コーポレーション', 'コーポレイション',
  'アクチエンゲゼルシャフト', 'アクチェンゲゼルシャフト', 'ゲゼルシャフトミットベシュレンクテルハフツング', 'ゲーエムベーハー', 'カンパニー', 'カンパニイ',
  'リミテッド', 'リミティド', 'リミティッド', 'エルエルシー', 'エルピー', 'ピーエルシー', 'インク', 'ソシエテアノニム', 'エスアー', 'アーゲー', 'ベーフェー', 'エヌブイ',
];

const WORD = /[\p{L}\p{N}]+/gu;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

function stripCjkForms(text: string): string {
  let rest = text;
  for (let changed = true; changed; ) {
    changed = false;
    for (const form of [...CJK_LEGAL_FORMS, ...KATAKANA_LEGAL_FORMS]) {
      if (rest.length > form.length && rest.endsWith(form)) {
        rest = rest.slice(0, -form.length);
        changed = true;
      }
    }
    for (const form of CJK_LEGAL_FORMS) {
      if (rest.length > form.length && rest.startsWith(form)) {
        rest = rest.slice(form.length);
        changed = true;
      }
    }
  }
  return rest;
}

/**
 * The normal form of an applicant's name: 'Sony Corp', 'SONY CORPORATION', 'Sony Corporation'
 * → 'sony'; '株式会社東芝', '東芝株式会社', '㈱東芝' → '東芝'; 'Hewlett-Packard Development Company,
 * L.P.' → 'hewlettpackarddevelopment'; '北京奇虎科技有限公司' → '北京奇虎科技'. A name that is only
 * a legal form keeps it ('Company' → 'company'). Empty for a name without letters or digits.
 */
export function applicantKey(name: string): string {
  // Width and case folded; dots go first so K.K., L.L.C. and S.p.A. are one word.
  const folded = name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\./g, '')
    // ㈱ and (株) are 株式会社 abbreviated: a legal form too, wherever it stands.
    .replace(/\((?:株|有|同|財|社)\)/g, ' ');
  const words = [...folded.matchAll(WORD)].map((match) => match[0]);
  if (words.length === 0) return '';
  // Latin legal forms at the end (Co., Ltd. is two), "the" at the start.
  let end = words.length;
  while (end > 1 && LATIN_LEGAL_FORMS.has(words[end - 1]!)) end--;
  let start = 0;
  while (start < end - 1 && (words[start] === 'the' || (words[start] === 'kabushiki' && words[start + 1] === 'kaisha'))) start += words[start] === 'the' ? 1 : 2;
  const joined = words.slice(start, end).join('');
  const key = CJK.test(joined) ? stripCjkForms(joined) : joined;
  return key || words.join('');
}

const LATIN_NAME = /^[\p{Script=Latin}\p{N}\p{P}\p{Zs}&+'’]+$/u;

/**
 * Applicants a record itself names in two scripts: the Google Patents exports of the corpus list
 * each assignee romanised and in Japanese ('Fujitsu Ltd', '富士通株式会社'). When a record has
 * exactly one Latin-script and one CJK applicant, they are the same applicant: one pair. With more
 * of either (a joint application, or persons listed as applicants) which goes with which is not
 * said, so no pair.
 */
export function aliasPairs(names: readonly string[]): Array<[latin: string, cjk: string]> {
  const latin = names.filter((name) => LATIN_NAME.test(name.normalize('NFKC')) && applicantKey(name));
  const cjk = names.filter((name) => CJK.test(name) && applicantKey(name));
  if (latin.length !== 1 || cjk.length !== 1 || latin.length + cjk.length !== names.length) return [];
  return [[latin[0]!, cjk[0]!]];
}

/**
 * The applicants of a record, once each (two variants of one applicant count once), in
 * published order: the key and the name as first published.
 */
export function applicantsOf(names: readonly string[] | null | undefined): Array<{ key: string; name: string }> {
  const seen = new Map<string, string>();
  for (const raw of names ?? []) {
    const name = raw.trim();
    const key = applicantKey(name);
    if (key && !seen.has(key)) seen.set(key, name);
  }
  return [...seen].map(([key, name]) => ({ key, name }));
}

/**
 * Which of an applicant's published names to show: in a Japanese or Chinese search a name in
 * that script when there is one (富士通株式会社 rather than Fujitsu Ltd), else the first.
 */
export function displayNameFor(names: readonly string[], region: 'jp' | 'us' | 'cn'): string {
  if (region !== 'us') {
    const cjk = names.find((name) => CJK.test(name));
    if (cjk) return cjk;
  } else {
    const latin = names.find((name) => LATIN_NAME.test(name.normalize('NFKC')));
    if (latin) return latin;
  }
  return names[0] ?? '';
}
