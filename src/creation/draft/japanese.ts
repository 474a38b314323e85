// The sections in Japanese, in the style of JPO filings (である調; 「前記」 in claims, 「上記」 in
// the description; reference signs in full-width digits; 特許文献１ …). Each sentence is built
// from the claims and the cited documents' own text; nothing is a placeholder.
import type { PatentSections } from '../../patent-documents/model.ts';
import type { ClaimPart, ReadClaim } from './claims.ts';
import type { DraftContext } from './context.ts';
import { depthAt } from '../../patents/claim-text.ts';
import { asPredicate, closedLists, optional, presentTense, stative, terminal } from './japanese-clauses.ts';
import { STEP_END } from './japanese-names.ts';
import { restate, sayOnce, topicOf, TRAILING_REFERENCE } from './japanese-restate.ts';
import { OPENING_SUBJECT, saidWithoutName } from './japanese-said.ts';
import { componentList, modifierUse } from './japanese-parts.ts';
import { japaneseAbstract } from './japanese-abstract.ts';
import { conditionsTogether, statesConditions } from './japanese-conditions.ts';
import { unpointed, withAppended } from './japanese-appended.ts';
import { japaneseStepSentences, methodSteps } from './method-steps.ts';
import { pointParts } from './scope-clauses.ts';
import { definedJapanesePart } from './japanese-point.ts';
import { describedOwnSigns, withoutOwnSigns } from './own-signs.ts';
import { topicAsSubject } from './japanese-subject.ts';
import { signText, withSigns } from './signs.ts';
import { escapeRegExp, fullWidthDigits, limitLines, limitSection, listJapanese, MAX_SECTION_LENGTH, type SectionLines } from './text.ts';

/**
 * The claim another claim builds on, as its words name it: 「請求項１に記載の」, 「請求項１乃至請求項６の何れかに記載した」
 * (JP2014062952A), 「請求項１〜６のいずれかの」 (JP2011215413A): the description says 「上記実施形態に係る」.
 */
const CITED_CLAIM = /請求項[^、。記]*?(?:記載(?:の|された|した)|(?:いずれか|何れか)(?:一項|１項|一つ|１つ)?の)/g;
/**
 * 「前記」 and 「上記」 before any word: 「前記ｐ型熱電変換材料」 (JP2010027631A), 「前記めっき製品」 (JP3250096U), 「前記５３ビット」,
 * 「前記RI」 (JP2013543684A) were left in the problem and the effect, which have no antecedent for them (13 of the 281 drafts).
 * 「当該」 and 「該」 only before a kanji or katakana word, and not 該当.
 */
const ANTECEDENT = /(?:前記|上記)(?=[^、。，,\s）)」])|(?:当該|該)(?=[\p{Script=Han}\p{Script=Katakana}Ａ-Ｚ第])(?!当)/gu;
/**
 * 【発明を実施するための形態】 writes the claims' reference signs without brackets, as gazettes do (「走行装置２」):
 * the claims' 「ハンガー（４０ｄ，４０ｄ）」 beside the drafter's own 「フレーム４０ｅ」 read as two styles (JP2010017197A).
 * 【課題を解決するための手段】 keeps them, as the claims have them. A formula's 「一般式（１）」, 「下記（１）式」 and a list's
 * 「要件（１）〜（４）」 keep their brackets.
 */
const unbracketedSigns = (text: string): string =>
  text.replace(/(?<=[\p{Script=Han}\p{Script=Katakana}ー])(?<!(?:式|表|図|工程|ステップ|段階|請求項|記|要件|条件|項|号))[（(]([0-9０-９]+[a-zａ-ｚＡ-Ｚ'’]*(?:[，,、][0-9０-９]+[a-zａ-ｚＡ-Ｚ'’]*)*)[）)](?![式〜～]|乃至)/gu, '$1');
/** Claim wording in the description: 「前記」 becomes 「上記」 (the description's word); a claim's own 「前記前記」 (JP2017208128A) is said once. */
const described = (text: string): string =>
  text
    .replace(/前記/g, '上記')
    .replace(/(?<![当])該(?=[\p{Script=Han}\p{Script=Katakana}])/gu, '上記')
    .replace(/(?:上記){2,}/g, '上記');
const withoutAntecedent = (text: string): string => text.replace(ANTECEDENT, '');
/**
 * A translated claim's 「この」 before a thing it named (「ウォッチ用のストライキング機構（１）であって、このストライキング機構は、…」
 * JP2012127955A, 「…を含み、このインクは、…」 JP2014118567A) is the description's 「上記」: left, the embodiment said the thing twice as two
 * topics (「…ストライキング機構１では、このストライキング機構は、」). Not 「この中で」, 「この場合」: only before a name.
 */
const thisNamed = (text: string, names: string[]): string =>
  names.length ? text.replace(new RegExp(`この(?=${names.map(escapeRegExp).sort((a, b) => b.length - a.length).join('|')})`, 'g'), '上記') : text;
const num = (n: number): string => fullWidthDigits(String(n));
/** The longest step listed with others in one sentence of the embodiment. */
const SHORT_STEP = 100;

/** What claim 1 adds, as a phrase ending in the attributive form (「固体電解質層を備える」). */
function noveltyPhrase(parts: ClaimPart[], subject: string): string {
  // One part named (「…を規制するストッパ」, JP2010001897A) is said with the claim's modifier that defines it (japanese-point.ts).
  const [only] = parts;
  const defined = parts.length === 1 && only!.name ? definedJapanesePart({ text: only!.text, name: only!.name }, subject, withoutAntecedent) : null;
  const names = defined ? [defined] : [...new Set(parts.filter((part) => part.name).map((part) => part.name!))];
  // In a modifying clause the topic 「は」 becomes 「が」 (「固体電解質層が硫化物を含む電池」); the は of
  // 「もしくは」「または」「又は」 are conjunctions and stay.
  // 「…を含むものである」 modifies as 「…を含む」 (「硫黄化合物を含む構成」).
  // A step 「…を決定すること」, 「…を適用するステップ」 is one the method includes (「…決定することである記憶方法」 said it is the step).
  // 「フィルム材であって、フィルム材が一対の非製品領域と、…を含み」 (JP2014159137A: 「…塗膜と、を備えるフィルム材であって、前記フィルム材は、…」,
  // a Jepson-like claim whose element opens on the preamble): the problem said 「従来のフィルム材では、フィルム材であって、…」; the thing is named by the sentence already.
  const own = new RegExp(`^${escapeRegExp(subject)}であって、(?:${escapeRegExp(subject)}(?:は|が)、?)?`);
  const clauses = parts
    .filter((part) => !part.name)
    .map((part) =>
      topicAsSubject(terminal(withoutAntecedent(part.text).replace(own, '')))
        .replace(/(?<=[るたいうくすつぬぶむ])(?:もの|の)である$/, '')
        .replace(/(?<=[るたいう](?:こと|ステップ|工程|段階))である$/, 'を含む'),
    );
  const pieces = [...(names.length ? [`${listJapanese(names)}を備え${clauses.length ? '' : 'る'}`] : []), ...clauses];
  return pieces.join('、');
}


function adaptCited(sentence: string): string {
  let text = sentence.replace(/。$/, '').replace(/^(?:本発明は、|本発明の|本発明に係る|この発明は、|この発明の|本考案は、|本考案の)/, '');
  // 「Xは、…を備える」 → 「…を備えるX」: what the document discloses, named by its own subject.
  const topic = /^([\p{Script=Han}\p{Script=Katakana}ーＡ-Ｚａ-ｚ０-９A-Za-z0-9・の]{2,30})は、(.+[るたいだうくすつぬぶむ])$/u.exec(text);
  if (topic) return `${topic[2]}${topic[1]}`;
  // 「…を含有するガラスセラミックスが提供される。」: what is disclosed is the thing provided (not 「…が提供される技術」).
  text = text.replace(/である$/, '').replace(/(?<=[\p{Script=Han}\p{Script=Katakana}ーＡ-Ｚａ-ｚ０-９A-Za-z0-9）)])(?:が提供される|を提供する|が提供できる|を提供できる)$/u, '');
  return /[\p{Script=Hiragana}]$/u.test(text) && !/[のな]$/.test(text) ? `${text}技術` : text;
}

/** 「特許文献３～５」 for a run of numbers, 「特許文献３、５」 otherwise. */
function literatureRange(numbers: number[]): string {
  if (numbers.length === 0) return '';
  const consecutive = numbers.every((n, i) => i === 0 || n === numbers[i - 1]! + 1);
  if (numbers.length > 2 && consecutive) return `特許文献${num(numbers[0]!)}～${num(numbers[numbers.length - 1]!)}`;
  return `特許文献${numbers.map(num).join('、')}`;
}

/** 「電池」, 「電池及びその製造方法」, 「通信装置、管理装置、制御方法及びプログラム」: the independent claims' subjects, as the description names them. */
export function japaneseTitle(main: ReadClaim, independents: ReadClaim[]): string {
  const subject = main.named;
  // Another claim to the same subject (a second 「方法」 named otherwise) is not titled again.
  const others = [...new Set(independents.filter((claim) => claim !== main && claim.subject !== main.subject).map((claim) => claim.named))].filter((other) => other !== subject).slice(0, 3);
  if (others.length === 1 && others[0]!.startsWith(`${subject}の`)) return `${subject}及びその${others[0]!.slice(subject.length + 1)}`;
  return listJapanese([subject, ...others]);
}

export function japaneseSections(ctx: DraftContext): Omit<PatentSections, 'preDocPatents' | 'preDocNonPatents' | 'claims'> {
  const { main, title } = ctx;
  // Named as the description names it (a bare 「方法」 by what it is a method of); claims are matched by their subject.
  const subject = main.named;
  const subjectSign = ctx.signs.subject ? signText(ctx.signs.subject.sign, 'ja') : '';
  const named = ctx.signs.parts.map((part) => part.name);

  // 技術分野
  const domain = [`本発明は、${title}に関する。`];
  // 「より詳しくは、…を備える…」 names every part or none: the first three of five read as if there were no others.
  if (named.length > 0 && named.length <= 4) domain.push(`より詳しくは、${listJapanese(named)}を備える${subject}に関する。`);

  // 背景技術
  const background: string[] = [];
  const keywordNote = ctx.keywords.length ? `特に、${listJapanese(ctx.keywords.slice(0, 3), '、')}に関する改良が求められている。` : '';
  background.push(`${subject}に関する技術として、従来から種々の構成が提案されている。${keywordNote}`);
  const uncited: number[] = [];
  ctx.cited.forEach((source, index) => {
    const n = index + 1;
    if (!source.sentence || index >= 6) {
      uncited.push(n);
      return;
    }
    background.push(`${index === 0 ? '例えば' : 'また'}、特許文献${num(n)}には、${adaptCited(source.sentence)}が開示されている。`);
  });
  if (uncited.length) background.push(`その他、${subject}に関連する技術が${literatureRange(uncited)}に記載されている。`);
  // The pasted document has no number to cite: it is described as known art in its own words.
  // Beside cited documents, the one the problem is measured against is named (「以下、「公知技術」という。」), so 「上記公知技術」 cannot read as all of them.
  const pastedNamed = ctx.cited.length > 0 && ctx.pasted.contrasted;
  if (ctx.pasted.sentence) background.push(`${ctx.cited.length > 0 ? 'また' : '例えば'}、${adaptCited(ctx.pasted.sentence)}${pastedNamed ? '（以下、「公知技術」という。）' : ''}が知られている。`);

  // 課題: what claim 1 adds beyond the reference.
  // A last part stating conditions (条件式) stands for them all: they are named together (japanese-conditions.ts).
  // A last part that only selects from a group (Markush) gives way to the clause before it (scope-clauses.ts).
  const last = pointParts(main.parts, 'ja');
  const stated = (part: ClaimPart): boolean => !part.name && statesConditions(part.text, main.text);
  const point = ctx.novelty.length > 0 ? ctx.novelty : last.length && stated(last[0]!) ? main.parts.filter(stated) : last;
  // The problem states no formula: 「下記（１）式で定義されるＣＶ値」 is 「所定の式で定義されるＣＶ値」 (japanese-appended.ts).
  const phrase = unpointed(noveltyPhrase(conditionsTogether(point, main.text).slice(0, 3), main.subject));
  const issue: string[] = [];
  // 「…を制御するように構成される構成」 and 「…接着して構成される構成」 say 構成 twice: 「…を制御する構成」 (JP2023534250A), 「…接着した構成」.
  const configuration = `${phrase.replace(/(?<=[るたいうくすつぬぶむ])ように構成される$/u, '').replace(/して構成される$/u, 'した')}構成`;
  if (ctx.pasted.contrasted && phrase) issue.push(`しかしながら、${pastedNamed ? '上記公知技術' : '上記の技術'}では、${configuration}については考慮されていない。`);
  else if (!phrase) issue.push(`しかしながら、${ctx.cited.length > 0 ? '特許文献１に記載の技術' : `従来の${subject}`}には、その構成について更なる改善の余地がある。`);
  else if (ctx.cited.length > 0 && ctx.novelty.length > 0) issue.push(`しかしながら、特許文献１に記載の技術では、${configuration}については考慮されていない。`);
  else if (ctx.cited.length > 0) issue.push(`しかしながら、特許文献１に記載の技術には、${subject}の構成について更なる改善の余地がある。`);
  else issue.push(`しかしながら、従来の${subject}では、${configuration}については十分に検討されていない。`);
  issue.push(`本発明は、上記事情に鑑みてなされたものであり、${phrase ? `${phrase}` : '新規な'}${subject}を提供することを目的とする。`);

  // 手段: each independent claim restated.
  // What a claim states after its sentence (formulas, conditions （ａ）〜（ｃ）) follows it, as its 「下記」 says.
  const methodAppended = withAppended();
  const method = ctx.independents.flatMap((claim, index) => methodAppended([restate(claim, index === 0 ? '上記課題を解決するために、本発明に係る' : 'また、本発明に係る')], claim.appended));

  // 効果
  const effect = [`本発明によれば、${phrase || '新規な'}${subject}を提供することができる。`];

  // 発明を実施するための形態
  const hasDrawings = ctx.drawings.length > 0;
  const embodiment: string[] = [
    `以下、本発明の実施形態について、${hasDrawings ? '図面を参照しながら' : ''}詳細に説明する。なお、本発明は、以下の実施形態に限定されるものではない。`,
  ];
  // The signed claim (claim 1 unless it is a method) is the thing the embodiment describes.
  const thing = ctx.signed.named;
  const subjectMark = `${thing}${subjectSign}`;
  const signedClaim = ctx.signed;
  // A method whose claim lists its steps is described step by step (method-steps.ts), not part by part.
  const steps = methodSteps(signedClaim);
  // Named steps are listed where the parts would be (「…方法は、A工程と、B工程と、を有する。」), each said after the preamble's sentence.
  const stepSentences = steps ? japaneseStepSentences(`${hasDrawings ? '図１に示すように、' : ''}本実施形態に係る`, subjectMark, { ...steps, preamble: '' }).map(described) : [];
  // The subject's own sign is not repeated in every mention (「複数の通信装置」 of another claim is not 通信装置１).
  const signs = ctx.signList.filter((sign) => sign !== ctx.signs.subject);
  const modifierOf = (part: { name: string; text: string }): string => {
    const text = described(part.text);
    // 「…入力する、プロセッサ」 (JP2021140631A, a claim translated with a comma before the name) is the clause 「…入力する」.
    return text.endsWith(part.name) ? text.slice(0, -part.name.length).replace(/(?:上記|当該|該)$/, '').replace(/(?<=[るたいだうくすつぬぶむ])、$/, '') : '';
  };
  // Components named in one element (「外側から内側へ順に配置されているゴムタイヤ、小エアバッグ層、中空層及び金属ハブ」)
  // share its modifier: it is said once of them all (「ゴムタイヤ１０、…及び金属ハブ４０は、外側から内側へ順に配置されている。」).
  const groups: Array<{ modifier: string; parts: typeof ctx.signs.parts }> = [];
  for (const part of ctx.signs.parts) {
    const previous = groups[groups.length - 1];
    const modifier = modifierOf(part);
    // Not a count or owner (「少なくとも１つの硬化性モノマー、少なくとも１つの有機ゲル化剤」): each is said of its own.
    if (previous && modifier !== '' && !/[のな]$/.test(modifier) && modifier === previous.modifier) previous.parts.push(part);
    else groups.push({ modifier, parts: [part] });
  }
  // A method's steps are said whole or not at all when the section is cut (limitLines); dependent claims give way to them.
  const cuts: SectionLines = { whole: [], optional: [] };
  const stepsFrom = embodiment.length;
  if (steps?.steps.every((step) => step.name)) embodiment.push(stepSentences.shift()!);
  else if (!steps && ctx.signs.parts.length > 0) {
    // A group whose modifier is listed (japanese-parts.ts) is named with it: 「塗工機１は、塗液の液溜め部１０と、塗液吐出部３と、を備える。」, once.
    // A modifier of no word (「−テーブルファセット」, JP2014133099A) is not said.
    const items = groups.flatMap(({ modifier, parts: group }) => {
      const marks = group.map((part) => `${part.name}${signText(part.sign, 'ja')}`);
      if (modifierUse(modifier, thing, groups.length === 1) !== 'listed') return marks;
      return /\p{L}/u.test(modifier) ? [withSigns(`${modifier}${listJapanese(marks)}`, signs, 'ja')] : [listJapanese(marks)];
    });
    embodiment.push(`${hasDrawings ? '図１に示すように、' : ''}本実施形態に係る${subjectMark}は、${componentList(items)}を備える。`);
  } else if (!main.method) {
    embodiment.push(`${hasDrawings ? '図１は、本実施形態に係る' : '本実施形態に係る'}${subjectMark}${hasDrawings ? 'を示している。' : 'について説明する。'}`);
  }
  const preamble = ctx.signed.preamble;
  // 「前記組成物」 (a preamble that only points back to the subject) says nothing of it: 「組成物は、上記組成物である。」 is not written.
  // Nor does 「請求項１３に記載のチャネル検出装置」 (JP2021516888A, pasted without the claim it cites): 「…は、請求項１３に記載の…である。」.
  const preambleModifier = preamble && preamble !== thing && preamble.endsWith(thing) ? preamble.slice(0, -thing.length).replace(/(?:前記|上記|当該)$/, '').replace(TRAILING_REFERENCE, '') : '';
  const preamblePredicate = preambleModifier ? asPredicate(preambleModifier) : null;
  // Not of a name with an owner (「デバイスにディスプレイされているイメージ基盤の情報検索方法」): the clause may be the owner's, not the method's.
  const preambleSaid = preambleModifier && !preamblePredicate && !thing.includes('の') ? saidWithoutName(preambleModifier) : null;
  if (preambleSaid) embodiment.push(`${subjectMark}は、${withSigns(described(preambleSaid), signs, 'ja')}。`);
  else if (preambleModifier) embodiment.push(`${subjectMark}は、${withSigns(described(preamblePredicate ?? preambleModifier), signs, 'ja')}${preamblePredicate ? '' : thing}である。`);
  // After the preamble's sentence, which says what the method is: the steps do not say it again.
  embodiment.push(...stepSentences);
  if (steps) cuts.whole.push([stepsFrom, embodiment.length - 1]);
  for (const { modifier, parts: group } of steps ? [] : groups) {
    const part = group[0]!;
    const mark = listJapanese(group.map((each) => `${each.name}${signText(each.sign, 'ja')}`));
    const use = modifierUse(modifier, thing, groups.length === 1);
    if (use === 'none') embodiment.push(`${mark}の具体的な構成は特に限定されず、${thing}の用途に応じて適宜選択することができる。`);
    // 「車両取付部材であって、…を有する前記車両取付部材」: the part named again in its own modifier is 「もの」 (not 「車両取付部材１０は、…車両取付部材１０であって、」).
    else if (use === 'clause') embodiment.push(`${mark}は、${withSigns(presentTense(group.length === 1 ? modifier.replace(new RegExp(`${escapeRegExp(part.name)}であって、`), 'ものであって、') : modifier, false), signs, 'ja')}。`);
    else if (use === 'attribute') {
      const predicate = asPredicate(modifier);
      const said = predicate || group.length > 1 || part.name.includes('の') ? null : saidWithoutName(modifier);
      if (said) embodiment.push(`${mark}は、${withSigns(said, signs, 'ja')}。`);
      else embodiment.push(`${mark}は、${withSigns(predicate ?? modifier, signs, 'ja')}${predicate ? '' : part.name}である。`);
    }
    // A listed modifier was said in the components' sentence.
    else if (use === 'place') embodiment.push(`${mark}は、${withSigns(modifier, signs, 'ja')}設けられている。`);
    else if (use === 'restated') embodiment.push(`${subjectMark}は、${withSigns(`${modifier}${listJapanese(group.map((each) => each.name))}`, signs, 'ja')}を備える。`);
  }
  // Short steps listed one after another (「（ｉ）…工程、…、及び（ｖｉｉ）…工程を含む…方法であって、」, JP2014070017A) are had in one sentence, as
  // the claim lists them (「…工程と、…工程と、を備える。」), not each in a sentence of its own. A long one, with clauses of its own (「…調節する
  // ステップであって、…受信される、ステップ」, JP2014116944A), keeps its sentence: in a list it would make one of 600 characters.
  const unnamed: string[][] = [];
  const listable = (step: string): boolean => STEP_END.test(step) && step.length <= SHORT_STEP;
  for (const part of steps ? [] : signedClaim.parts.filter((p) => !p.name)) {
    const text = described(part.text);
    const last = unnamed[unnamed.length - 1];
    if (last && listable(text) && last.every(listable)) last.push(text);
    else unnamed.push([text]);
  }
  for (const run of unnamed) {
    const text = run.length > 1 ? run.map((step) => `${step}と、`).join('') : run[0]!;
    // An unnamed step or member (「…する工程」) is had, not stated: 「…では、…工程である。」 said nothing.
    if (run.length > 1 || STEP_END.test(text) || (/[\p{Script=Han}\p{Script=Katakana}ー]$/u.test(text) && !/は、/.test(text))) embodiment.push(`また、本実施形態に係る${subjectMark}は、${withSigns(text, signs, 'ja')}を備える。`);
    // A step of a method written as 「…を決定することと、」 is what the method includes: 「…方法では、…決定することである。」 said nothing.
    else if (/[るたいう]こと$/.test(text)) embodiment.push(`また、本実施形態に係る${subjectMark}は、${withSigns(text, signs, 'ja')}を含む。`);
    // 「（Ａ）…化合物；及び、（Ｂ）…生物的防除剤；を含んでいる」 without a topic of its own says what the thing has: 「…組成物は、…を含んでいる。」.
    else if (!/[はが]、?/.test(text.replace(/[（(〔［【][^）)〕］】]*[）)〕］】]/g, '')) && /を(?:含む|含んでいる|含有する|含有している|備える|備えている|有する|有している)$/.test(terminal(text)))
      embodiment.push(`また、本実施形態に係る${subjectMark}は、${withSigns(presentTense(stative(terminal(text)), signedClaim.method), signs, 'ja')}。`);
    // 「式（Ｉ）で表される」 (all a claim says of its subject) has no topic of its own: the thing is its subject (「塩は、式（Ｉ）で表される。」).
    // A method's step keeps 「では」 (「…製造方法では、アラミド繊維を加撚する」): the method does not do it, it is done in it.
    else if (!signedClaim.method && !/[はが]/.test(text.replace(/[（(〔［【][^）)〕］】]*[）)〕］】]/g, '')) && /[るたいうくすつぬぶむ]$/.test(terminal(text)) && !/である$/.test(terminal(text)))
      embodiment.push(`また、本実施形態に係る${subjectMark}は、${withSigns(presentTense(stative(terminal(text)), signedClaim.method), signs, 'ja')}。`);
    // A part with a topic of its own (「上記メモリは、…を記憶し」, a claim giving each part a clause) is said of it:
    // 「また、本実施形態に係る…装置１では、」 before each of eight such clauses said the device eight times (JP2023534250A).
    // The claimed thing as the topic (「上記撮像光学レンズは、合計で７枚のレンズであり」) is the embodiment's: 「本実施形態に係る…は」.
    else if (/^(?:上記|当該)[^、。]{1,40}?は、/u.test(text)) {
      const own = new RegExp(`^(?:上記|当該)${escapeRegExp(thing)}(?:[０-９0-9]+|（[^）]*）)?(?=は、)`, 'u');
      const said = own.test(text) ? `本実施形態に係る${subjectMark}${text.replace(own, '')}` : text;
      embodiment.push(`また、${withSigns(presentTense(stative(terminal(said)), signedClaim.method), signs, 'ja')}。`);
    }
    else embodiment.push(`また、本実施形態に係る${subjectMark}では、${withSigns(presentTense(stative(terminal(text)), signedClaim.method), signs, 'ja')}。`);
  }
  // The signed claim's formulas or conditions after what it is said to have; the other claims' after their own sentences.
  const appended = withAppended();
  // A named step's claim reference (「配置工程：請求項２または請求項３に記載の硬化性組成物を…」, JPWO2019189556A1) is the embodiment's.
  const blockLine = (line: string): string => described(line).replace(CITED_CLAIM, '上記実施形態に係る');
  // A dependent claim's block longer than a third of the section (JP2016531902A's lists of strains, 960 and 1,226 characters) is not said:
  // one line the section cannot hold ended it there, dropping the claims after it. The longest other of the corpus's drafts is 407 (JP2011180393A).
  const dependentBlock = (claim: ReadClaim): string[] | undefined => ((claim.appended ?? []).join('').length <= MAX_SECTION_LENGTH / 3 ? claim.appended : undefined);
  // A block is said whole or not at all when the section is cut (a cut inside 「（式中、…。…）」 left its bracket open), with its claim's sentence.
  const stateWhole = (from: number): void => {
    if (embodiment.length - 1 > from) cuts.whole.push([from, embodiment.length - 1]);
  };
  const signedBlock = embodiment.length;
  embodiment.push(...appended([], signedClaim.appended, blockLine));
  if (embodiment.length > signedBlock) cuts.whole.push([signedBlock, embodiment.length - 1]);
  // A method (no components, no 「…について説明する。」) opens on its first step: 「また、」 there followed nothing but the
  // opening (「以下、…限定されるものではない。」 then 「また、本実施形態に係る…製造方法では、…」, JP2010001570A).
  if (embodiment[1]?.startsWith('また、')) embodiment[1] = embodiment[1].slice('また、'.length);
  const otherSubjects = new Set(ctx.independents.filter((claim) => claim !== signedClaim).map((claim) => claim.subject));
  for (const claim of ctx.dependents) {
    const at = embodiment.length;
    if (claim.subject === signedClaim.subject) {
      // 「前記フィラーが、粒子形状…のフィラーである請求項１に記載のタイヤ。」 (JP2019001358A): the part it opens on is what it is about, the topic
      // (「本実施形態において、上記フィラーは、…」), not the tyre's subject (「タイヤ１は、上記フィラーが、…」, 125 sentences in 50 of the 281 drafts).
      // Not the claimed thing itself (「前記ボードゲーム装置が、…」): that is its subject already.
      const opening = claim.bodyHasTopic ? null : OPENING_SUBJECT.exec(claim.body);
      const about = opening && opening[1]!.replace(/^(?:前記|上記|当該)/, '') !== signedClaim.subject ? opening : null;
      const body = about && depthAt(claim.body, about[0].length) === 0 ? `${about[1]}は、${claim.body.slice(about[0].length)}` : claim.body;
      embodiment.push(...appended([`本実施形態において、${claim.bodyHasTopic || about ? '' : `${subjectMark}は、`}${withSigns(optional(described(body)), signs, 'ja')}。`], dependentBlock(claim), blockLine));
    } else if (!otherSubjects.has(claim.subject)) {
      // A claim of another thing built on the claimed one (「請求項１に記載の金属粒子を担持したカーボン」).
      // 「請求項１〜３のいずれか１項に記載の熱電変換素子を複数備える、熱電変換モジュール」: the reference ends in 「、」 as
      // a claim's opening does, so the body read as one is only the subject; the claim's own words before its subject are.
      const whole = claim.text.replace(/。.*$/s, '');
      const own = whole.endsWith(claim.subject) ? whole.slice(0, -claim.subject.length).replace(/(?:前記|上記|当該)$/, '').replace(/、?\s*請求項[^、。]*?記載(?:の|された)$/, '').replace(/、\s*$/, '').replace(/(?:ことを特徴とする|を特徴とする)$/, '') : '';
      const referenceInBody = !/^請求項[^、。]*?記載(?:の|された)[^、。]*?(?:において|に於いて|であって|であり)、/.test(whole);
      const body = (referenceInBody && /[\p{Script=Hiragana}]$/u.test(own) ? own : claim.body).replace(/。.*$/s, '').replace(CITED_CLAIM, '上記実施形態に係る')
        // 「…化合物であることを特徴とする請求項１ないしは請求項２に記載した。」 (JP2015004119A) names no subject after its reference.
        .replace(/(?:(?:こと|事)、?)?を特徴とする上記実施形態に係る$/, '');
      embodiment.push(...appended([sayOnce(`また、本実施形態に係る${topicOf(claim.subject, withSigns(presentTense(terminal(described(body)), claim.method), signs, 'ja'))}。`, claim.subject)], dependentBlock(claim), blockLine));
    }
    // Dependent claims of the other independent claims repeat the main ones for a method or a program: not restated.
    for (let line = at; line < embodiment.length; line++) cuts.optional.push(line);
  }
  for (const claim of ctx.independents) {
    if (claim === signedClaim) continue;
    const claimSteps = methodSteps(claim);
    if (claimSteps) {
      const said = appended(japaneseStepSentences('また、本実施形態に係る', claim.named, claimSteps).map((sentence) => withSigns(described(sentence), signs, 'ja')), claim.appended, blockLine);
      cuts.whole.push([embodiment.length, embodiment.length + said.length - 1]);
      embodiment.push(...said);
    } else {
      const at = embodiment.length;
      embodiment.push(...appended([`また、${withSigns(described(restate(claim, '本実施形態に係る')), signs, 'ja')}`], claim.appended, blockLine));
      stateWhole(at);
    }
  }

  // 要約: 【課題】 the objective, 【解決手段】 claim 1 restated (japanese-abstract.ts).
  // The abstract states no formula either: its 【解決手段】 names them as the problem does.
  const restated = unpointed(described(restate(main, '本発明に係る').replace(/^本発明に係る/, '')));
  const components = main === ctx.signed && named.length > 1 ? `${subject}は、${named.map((name) => `${name}と、`).join('')}を備える。` : '';
  // 【解決手段】 with the embodiment's signs, as gazettes write it (「本発明のバリカン式刈刃装置１は、…駆動体１５，１６と…」, JP2010000001A).
  const signedSolution = (text: string): string =>
    main === ctx.signed && text ? withSigns(text, signs, 'ja').replace(new RegExp(`^${escapeRegExp(subject)}は、`), `${subject}${subjectSign}は、`) : text;
  const abstract = japaneseAbstract(`${phrase || '新規な'}${subject}を提供する。`, subject, signedSolution(restated), signedSolution(components));

  // Claims that sign their parts themselves (「…プロセッサ（１２０）」 JP2012247417A): the description writes the signs as its own
  // (プロセッサ１２０), the problem and the effect name none; the claims restated keep them as the claims write them.
  const ownSigns = ctx.signed.parts.some((part) => part.sign);
  const signed = (text: string): string => (ownSigns ? describedOwnSigns(text) : text);
  const unsigned = (text: string): string => (ownSigns ? withoutOwnSigns(text) : text);
  const embodimentLines = closedLists(unbracketedSigns(signed(embodiment.map((sentence) => sayOnce(sayOnce(thisNamed(sentence, [thing, ctx.signed.subject, ...named]), thing), ctx.signed.subject)).join('\n')))).split('\n');
  return {
    title,
    domain: limitSection(domain.join('')),
    background: limitSection(background.join('\n')),
    issue: limitSection(closedLists(unsigned(issue.join('')))),
    method: limitSection(closedLists(method.join('\n'))),
    effect: limitSection(closedLists(unsigned(effect.join('')))),
    embodiment: limitLines(embodimentLines, embodimentLines.length === embodiment.length ? cuts : { whole: [], optional: [] }),
    industrial_aplicability: limitSection(`本発明は、${title}の分野において利用可能である。`),
    symbol_descriptions: ctx.signList,
    // 【課題】 names no sign, as the problem section (unsigned); 【解決手段】 keeps them.
    abstract: closedLists(abstract.split('\n').map((line, index) => (index === 0 ? unsigned(line) : signed(line))).join('\n')),
  };
}

const VIEW_KIND = /(?:図|チャート|グラフ|写真|画像|スペクトル|シーケンス|ダイア?グラム|ダイヤグラム|マップ)$/;

/** 【図面の簡単な説明】 of one drawing: the caption in 「…を示す図である。」 form, or the subject's view. */
export function japaneseDrawingDescription(caption: string, index: number, subject: string): string {
  const text = caption.trim().replace(/[。.]$/, '');
  if (!text) return index === 0 ? `本実施形態に係る${subject}を示す図である。` : `本実施形態に係る${subject}を示す別の図である。`;
  if (/である$/.test(text)) return `${text}。`;
  // A caption naming a kind of view (「…を示すフローチャート」, 「斜視図」) is that view, not 「…を示す図」 of it.
  if (VIEW_KIND.test(text)) return text.length <= 9 && !/[のをにがはでと]/.test(text) ? `本実施形態に係る${subject}の${text}である。` : `${text}である。`;
  return `${text}を示す図である。`;
}
