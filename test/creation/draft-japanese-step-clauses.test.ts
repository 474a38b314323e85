// The drafter without GPT read as a patent attorney reads a draft: the method claims of translated applications that the
// embodiment still restated as one sentence of 400 characters and more (method-steps.ts). A step with a clause of its own,
// written word for word from the English 「…を受信するステップであって、前記撮像データは、…に基づいている、受信するステップと、」
// ("receiving …, wherein the imaging data is based on …"), and steps of which only some are named (「…ビットマップ生成ステップと、
// …を送信するステップと、」) are said step by step too. Expected text is written from the records' claims (../shared/corpus).
import { corpusTests } from '../helpers/corpus.ts';
import { recordDrafts } from '../helpers/draft-input.ts';

const { test: corpusTest, available } = corpusTests('jp-fulltext.jsonl.gz');

const jpDraft = recordDrafts('jp-fulltext.jsonl.gz', ['JP2022519792A', 'JP2013546219A', 'JP2013540401A'], available, 'ja');

const sentences = (text: string): string[] => text.split(/(?<=。)|\n/).map((sentence) => sentence.trim()).filter(Boolean);

corpusTest('a step 「…ステップであって、…は、…、受信するステップ」 is said, then what the claim says of its things, without the step\'s verb again (JP2022519792A)', async () => {
  const { embodiment } = await jpDraft('JP2022519792A');
  for (const sentence of [
    'また、本実施形態に係る１つ又は複数のプロセッサによって実施される方法では、まず、臓器組織の３次元スキャンに対応する撮像データを受信する。',
    '上記撮像データは、患者の１つ又は複数の造影スキャンと上記患者の１つ又は複数の非造影スキャンとの比較に基づいている。',
    '次に、上記撮像データから、１つ又は複数の最頻値を特定するために上記撮像データのボクセルを処理する。',
    '上記関心領域は、上記最頻値ボクセルを取り囲む領域に対応するデータのボリュームを特定する。',
    '最後に、上記組織閾値を満たす閾値エンハンスメント値に対応するボクセルのグループを特定する。',
  ])
    expect(sentences(embodiment)).toContain(sentence);
  expect(embodiment).not.toContain('受信するステップ');
});

corpusTest('a step whose own clause has a topic and a verb of its own 「…で定義されるステップ」 (JP2013546219A)', async () => {
  const { embodiment } = await jpDraft('JP2013546219A');
  expect(sentences(embodiment)).toContain('擬似雑音クアドラチャーカバーリング遂行方法では、まず、上位階層からアクセスロングコードマスクＭＩＡＣＭＡＣとアクセスロングコードマスクＭＱＡＣＭＡＣを受信する。');
  expect(sentences(embodiment)).toContain('上記アクセスロングコードマスクＭＩＡＣＭＡＣと上記アクセスロングコードマスクＭＱＡＣＭＡＣは、リバーストラフィックチャンネルのＭＡＣプロトコルで定義される。');
  expect(sentences(embodiment)).toContain('最後に、上記生成されたＭＩマスク及び上記生成されたＭＱマスクに基づき、上記アクセスチャンネルを介して信号を伝送する。');
  for (const sentence of sentences(embodiment)) expect(sentence.length).toBeLessThan(300);
});

corpusTest('steps of which one is named are said in order by what is done, and the limitation after them without 「ことを特徴とする」 (JP2013540401A)', async () => {
  const { embodiment } = await jpDraft('JP2013540401A');
  expect(embodiment).toMatch(/ＣＳＲビットマップ送信方法では、まず、報告が許容されない[^。]*を指示するＣＳＲビットマップを生成する。/);
  expect(sentences(embodiment)).toContain('次に、上記生成したＣＳＲビットマップを端末（ＵＥ）に送信する。');
  expect(embodiment).toMatch(/また、上記ＣＳＲビットマップは、第１コードブックに相応する５３ビット[^。]*及び８ビットを含む。/);
  expect(embodiment).not.toContain('ことを特徴とする。');
});
