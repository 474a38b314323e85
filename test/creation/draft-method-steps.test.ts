// The drafter without GPT read as a patent attorney reads a draft: a method's embodiment names its steps, then says each
// in turn, instead of restating the claim as one sentence of hundreds of characters (JP2014142390A claim 4 ran to 364).
// Steps the claim does not name are said in its order (「まず、…。次に、…。」). Expected text is written from the
// records' claims. No database: the records are read from ../shared/corpus.
import { corpusTests } from '../helpers/corpus.ts';
import { draftInput, recordDrafts } from '../helpers/draft-input.ts';
import { draftWithoutGpt } from '../../src/creation/draft/index.ts';

const { test: corpusTest, available } = corpusTests('jp-fulltext.jsonl.gz');

const jpDraft = recordDrafts('jp-fulltext.jsonl.gz', ['JP2014142390A', 'JP2014096136A', 'JP2012218196A'], available, 'ja');

const sentences = (text: string): string[] => text.split(/(?<=。)|\n/).map((sentence) => sentence.trim()).filter(Boolean);

corpusTest('another independent method claim: its named steps listed, then one sentence each, signs of the parts kept (JP2014142390A claim 4)', async () => {
  // Claim 4: 「第１基材の上にトランジスターを形成するトランジスター形成工程と、…を形成するコンタクトホール形成工程と、を有することを特徴とする電気光学装置の製造方法。」
  const device = await jpDraft('JP2014142390A');
  for (const sentence of [
    'また、本実施形態に係る電気光学装置の製造方法は、トランジスター形成工程と、容量形成工程と、第１配線形成工程と、第２配線形成工程と、絶縁層形成工程と、コンタクトホール形成工程と、を有する。',
    'トランジスター形成工程では、第１基材１０の上にトランジスター２０を形成する。',
    '容量形成工程では、上記トランジスター２０の上に、上記トランジスター２０のソース領域と接続される、一対の電極間に絶縁膜が挟持された構造の容量３０を形成する。',
    '第１配線形成工程では、上記一対の電極のうち一方の電極と電気的に接続される第１配線４０を形成する。',
    '第２配線形成工程では、上記一対の電極のうち他方の電極と電気的に接続される第２配線５０を形成する。',
    '絶縁層形成工程では、上記第１配線４０及び上記第２配線５０の上に絶縁層を形成する。',
    'コンタクトホール形成工程では、上記絶縁層に、上記第１配線４０と電気的に接続するための第１コンタクトホール６０と、上記第２配線５０と電気的に接続するための第２コンタクトホール７０と、を形成する。',
  ])
    expect(device.embodiment).toContain(sentence);
  for (const sentence of sentences(device.embodiment)) expect(sentence.length).toBeLessThan(300);
});

corpusTest('steps the claim does not name are said in its order (JP2014096136A, the method claim: 「…を受信するステップと、…を表示するステップと、…」)', async () => {
  const migration = await jpDraft('JP2014096136A');
  expect(migration.embodiment).toContain('また、本実施形態に係る方法では、まず、第１のマシンから第２のマシンに実行中のアプリケーションをマイグレートする要求を受信する。');
  expect(migration.embodiment).toMatch(/次に、少なくとも１つの性能ベースのモビリティ設定[^。]*インタフェースを表示する。/);
  expect(migration.embodiment).toContain('続いて、上記インタフェースを介して、上記マイグレートに利用するリソース割り当てを規定するモビリティ設定の選択を受信する。');
  expect(migration.embodiment).toMatch(/最後に、上記選択されたモビリティ設定によって[^。]*マイグレートする。/);
});

corpusTest('claim 1 a method: each named step is where the act is done (「塗布工程では、」), and what the claim adds after the list is said after them (JP2012218196A)', async () => {
  // Claim 1: 「…塗布層を形成する塗布工程と、…転写工程と、該塗布層を硬化して、凹凸層を形成する硬化工程とを含み、該塗布層幅が該ニップロールの幅よりも広い、光学フィルムの製造方法。」
  const film = await jpDraft('JP2012218196A');
  expect(film.embodiment).toContain('本実施形態に係る光学フィルムの製造方法は、塗布工程と、転写工程と、硬化工程と、を含む。');
  expect(film.embodiment).toContain('塗布工程では、透明基材フィルムの少なくとも一方の面に活性エネルギー線硬化型樹脂組成物を塗布して塗布層を形成する。');
  expect(film.embodiment).toContain('硬化工程では、上記塗布層を硬化して、凹凸層を形成する。');
  expect(film.embodiment).toContain('また、光学フィルムの製造方法では、上記塗布層幅が上記ニップロールの幅よりも広い。');
  expect(film.embodiment).not.toContain('塗布工程は、');
});

test('English: another independent method claim whose acts are listed after 「comprising:」 is told step by step, in its order', async () => {
  const claims = [
    '1. A battery comprising: a cathode; an anode; and a separator between the cathode and the anode.',
    '2. A method of making a battery, comprising: forming a cathode on a substrate; placing a separator on the cathode; and forming an anode on the separator, wherein the anode is thinner than the cathode.',
  ];
  const { embodiment } = (await draftWithoutGpt(draftInput({ lang: 'en', claims }))).sections;
  expect(embodiment).toContain('according to the embodiment begins with forming a cathode 10 on a substrate. Then, the method includes placing a separator 30 on the cathode 10. Finally, the method includes forming an anode 20 on the separator 30, wherein the anode 20 is thinner than the cathode 10.');
});
