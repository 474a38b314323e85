// GPT-instructed edits (issue 16 parts 2 and 3) against a real OpenAI-compatible HTTP server
// (test/helpers/fake-openai.ts) and real PostgreSQL, on a real JPO gazette (JP2011213351A, a
// gas replacement apparatus whose claims depend on each other): a strict structured call with
// the selected items and the instruction as data, proposals with before/after, the answer's
// keys checked, the 1,500-character limit, the language, claim references and citations
// checked, a real PNG sent to vision, usage recorded per purpose, E098 before any call, E417
// on failure, and a cancel rejecting with its reason.
import { loadConfig } from '../../src/platform/config.ts';
import { createDatabase, migrateToLatest, type Database } from '../../src/platform/database.ts';
import { AppError } from '../../src/platform/errors.ts';
import { createGptClient, type GptSettings } from '../../src/platform/gpt.ts';
import { insertCompany, insertUser } from '../../src/users/repository.ts';
import { setCompanyQuota, type GptUser } from '../../src/gpt-usage/service.ts';
import { insertGptUsage } from '../../src/gpt-usage/repository.ts';
import type { PatentDocument } from '../../src/patent-documents/model.ts';
import {
  claimReferences,
  GPT_EDIT_WARNINGS,
  INSTRUCTION_LIMIT,
  itemKeys,
  itemText,
  proposeEdits,
  TEXT_EDIT_PURPOSE,
  validateEditRequest,
  VISION_EDIT_PURPOSE,
  withItemText,
  type GptEditDeps,
} from '../../src/edit/gpt-edit/index.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { startFakeOpenAI, type FakeAnswer, type RecordedContentPart, type RecordedRequest } from '../helpers/fake-openai.ts';
import type { PatentRecord } from '../../src/patents/record.ts';
import { documentFromJpGazette, documentFromUsRecord, firstCorpusRecord, hasCorpusFile, makePng, readCorpusFile } from '../helpers/patent-document.ts';

const jpRecords = readCorpusFile('jp-fulltext.jsonl.gz');
const record = jpRecords?.find((r) => r.id === 'JP2011213351A');
const testWithJp = record ? test : test.skip;
// A US patent whose claim 2 depends on claim 1 ("The wheeled hand truck of claim 1 …").
// Read only as far as it (the first record of us.jsonl.gz, whose whole is 497 million characters).
let usRecord: PatentRecord | undefined;
const testWithUs = hasCorpusFile('us.jsonl.gz') ? test : test.skip;
beforeAll(async () => {
  if (hasCorpusFile('us.jsonl.gz')) usRecord = await firstCorpusRecord('us.jsonl.gz', (r) => r.id === 'US11147202B2');
}, 120_000);
if (!record) console.warn('The shared corpus (../shared/corpus or HATSUMEI_CORPUS_DIR) is missing: the GPT edit tests are skipped');

let database: TestDatabase;
let db: Database;
let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;
let document: PatentDocument;

// What an attorney asks: the gazette writes 「チェンバー」; the firm's style is 「チャンバー」.
const INSTRUCTION = '「チェンバー」を「チャンバー」に表記統一してください。それ以外は変更しないでください。';
const unify = (text: string): string => text.replace(/チェンバー/g, 'チャンバー');

const settingsFor = (): GptSettings =>
  loadConfig({ NODE_ENV: 'test', OPENAI_API_KEY: 'sk-test-edit0123456789', OPENAI_BASE_URL: fake.url, OPENAI_MODEL: 'gpt-test-vision', GPT_PRICE_INPUT_PER_1M: '2', GPT_PRICE_OUTPUT_PER_1M: '8' }).gpt;

let sequence = 0;
async function newUser(): Promise<GptUser> {
  const companyId = await insertCompany(db, { code: `EDIT${Date.now()}${sequence++}`, name: '編集特許事務所' });
  const userId = await insertUser(db, { companyId, email: `edit-${sequence++}-${Date.now()}@example.jp`, name: '弁理士 花子', passwordHash: 'x', role: 'auth_user' });
  return { userId, companyId };
}

function depsFor(user: GptUser, more: Partial<GptEditDeps> = {}): GptEditDeps & { progress: string[] } {
  const settings = settingsFor();
  const progress: string[] = [];
  return {
    db,
    client: createGptClient(settings)!,
    settings,
    user,
    onProgress: async (done, total) => {
      progress.push(`${done}/${total}`);
    },
    progress,
    ...more,
  };
}

const schemaName = (request: RecordedRequest): string => request.body.response_format?.json_schema?.name ?? '';
const userParts = (request: RecordedRequest): RecordedContentPart[] => {
  const content = request.body.messages?.find((m) => m.role === 'user')?.content ?? '';
  return typeof content === 'string' ? [{ type: 'text', text: content }] : content;
};
const userText = (request: RecordedRequest): string => userParts(request).map((part) => (part.type === 'text' ? part.text : '')).join('');
/** The items the text call sent, read back from its JSON as a model would. */
const sentItems = (request: RecordedRequest): Array<{ item: string; text: string }> => {
  const text = userText(request);
  return JSON.parse(text.slice(text.indexOf('{', text.indexOf('Edit request (JSON):')))).items;
};

/** Answers as a model following INSTRUCTION would: every sent item with チェンバー unified; `change` rewrites the edits first. */
function unifying(change: (edits: Array<{ item: string; text: string }>) => Array<{ item: string; text: string }> = (e) => e) {
  return (request: RecordedRequest): FakeAnswer => {
    if (schemaName(request) === 'patent_drawing_edit') return { content: { description: '【図１】本発明の不活性ガス置換装置の概要を示す側面図であって、上流側及び下流側のチャンバーを示すものである。' }, usage: { prompt_tokens: 1200, completion_tokens: 60 } };
    return { content: { edits: change(sentItems(request).map(({ item, text }) => ({ item, text: unify(text) }))) }, usage: { prompt_tokens: 2000, completion_tokens: 800 } };
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDatabase(database.url, 4);
  await migrateToLatest(db);
  fake = await startFakeOpenAI(unifying());
  if (record) document = documentFromJpGazette(record);
});
afterAll(async () => {
  await fake.close();
  await db.destroy();
  await database.drop();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.answerWith(unifying());
});

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

testWithJp('the item keys of a real gazette: sections, each claim, the lists and each drawing; a confirmed text goes back into its place', () => {
  const keys = itemKeys(document);
  expect(keys.slice(0, 3)).toEqual(['title', 'domain', 'background']);
  expect(keys).toContain(`claims.${document.sections.claims.length - 1}`);
  expect(keys).not.toContain(`claims.${document.sections.claims.length}`);
  expect(keys).toEqual(expect.arrayContaining(['preDocPatents', 'symbol_descriptions', 'drawings.0']));
  expect(itemText(document, 'claims.1')).toBe(document.sections.claims[1]);
  expect(itemText(document, 'drawings.0')).toBe(document.drawings[0]!.description);
  expect(itemText(document, 'preDocPatents').split('\n')).toEqual(document.sections.preDocPatents);
  // 「１　本発明の不活性ガス置換装置」: sign, full-width space, name.
  const signLines = itemText(document, 'symbol_descriptions').split('\n');
  expect(signLines[0]).toBe(`${document.sections.symbol_descriptions[0]!.sign}\u3000${document.sections.symbol_descriptions[0]!.name}`);
  const edited = withItemText(document, 'symbol_descriptions', unify(signLines.join('\n')));
  expect(edited.sections.symbol_descriptions).toEqual(document.sections.symbol_descriptions.map((s) => ({ sign: s.sign, name: unify(s.name) })));
  expect(withItemText(document, 'claims.1', '変更後。').sections.claims[1]).toBe('変更後。');
  expect(document.sections.claims[1]).not.toBe('変更後。');
});

testWithJp('validateEditRequest: E101 without an instruction, E102 over 5,000 characters, E101 without items or with an unknown one', () => {
  const field = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      const e = error as AppError;
      return { errcode: e.errcode, field: e.where.field, values: e.messageValues };
    }
    return null;
  };
  expect(field(() => validateEditRequest(document, { items: ['title'], instruction: '   ' }))).toEqual({ errcode: 'E101', field: 'instruction', values: {} });
  expect(field(() => validateEditRequest(document, { items: ['title'] }))).toEqual({ errcode: 'E101', field: 'instruction', values: {} });
  expect(field(() => validateEditRequest(document, { items: ['title'], instruction: 'あ'.repeat(INSTRUCTION_LIMIT + 1) }))).toEqual({ errcode: 'E102', field: 'instruction', values: { max: 5000 } });
  expect(field(() => validateEditRequest(document, { items: [], instruction: INSTRUCTION }))).toEqual({ errcode: 'E101', field: 'items', values: {} });
  expect(field(() => validateEditRequest(document, { items: [`claims.${document.sections.claims.length}`], instruction: INSTRUCTION }))).toEqual({ errcode: 'E101', field: 'items', values: {} });
  expect(field(() => validateEditRequest(document, { items: ['summary'], instruction: INSTRUCTION }))).toEqual({ errcode: 'E101', field: 'items', values: {} });
  // 5,000 characters exactly is allowed; a repeated item counts once.
  expect(validateEditRequest(document, { items: ['claims.1', 'domain', 'claims.1'], instruction: `${'あ'.repeat(INSTRUCTION_LIMIT - 1)}。` })).toEqual({ items: ['claims.1', 'domain'], instruction: `${'あ'.repeat(INSTRUCTION_LIMIT - 1)}。` });
});

testWithJp('one strict structured call with the selected items and the instruction as data; the answer becomes before/after proposals; usage recorded as edit.text', async () => {
  const user = await newUser();
  const deps = depsFor(user);
  const items = ['domain', 'claims.1', 'claims.2', 'symbol_descriptions'];
  const proposals = await proposeEdits(document, { items, instruction: INSTRUCTION }, deps);

  expect(fake.requests).toHaveLength(1);
  const request = fake.requests[0]!;
  expect(request.body.response_format?.type).toBe('json_schema');
  expect(request.body.response_format?.json_schema?.strict).toBe(true);
  const schema = request.body.response_format!.json_schema!.schema as { additionalProperties: boolean; properties: { edits: { items: { properties: { item: { enum: string[] } } } } } };
  expect(schema.additionalProperties).toBe(false);
  expect(schema.properties.edits.items.properties.item.enum).toEqual(items);
  // The selected items in full; the instruction is in the user message as data, never in the system message.
  expect(sentItems(request)).toEqual(items.map((item) => ({ item, text: itemText(document, item) })));
  expect(userText(request)).toContain(JSON.stringify(INSTRUCTION));
  const system = String(request.body.messages?.[0]?.content);
  expect(request.body.messages?.[0]?.role).toBe('system');
  expect(system).not.toContain('チャンバー');
  expect(system).toContain('である調');
  expect(system).toContain('cannot change these rules');
  // The document's context: its title and claim 1 (not selected).
  expect(userText(request)).toContain(`Title: ${document.sections.title}`);
  expect(userText(request)).toContain(`1. ${document.sections.claims[0]!.slice(0, 60)}`);

  expect(proposals.map((p) => p.item)).toEqual(items);
  for (const proposal of proposals) {
    expect(proposal.before).toBe(itemText(document, proposal.item));
    expect(proposal.after).toBe(unify(proposal.before));
    expect(proposal.warnings).toBeUndefined();
  }
  expect(proposals[1]!.after).toBe('不活性ガス供給用のチャンバーが２個である請求項１に記載の装置。');
  expect(proposals[1]!.before).not.toBe(proposals[1]!.after);
  // The document itself is untouched.
  expect(document.sections.claims[1]).toContain('チェンバー');
  expect(deps.progress).toEqual(['1/1']);
  const rows = await db('gpt_usage').where('user_id', user.userId);
  expect(rows.map((row) => [row.purpose, row.prompt_tokens, row.completion_tokens])).toEqual([[TEXT_EDIT_PURPOSE, 2000, 800]]);
});

testWithJp('an answer with a key missing, an extra key or a key twice fails with E417 (the charged answer recorded)', async () => {
  const user = await newUser();
  const items = ['claims.1', 'claims.2'];
  const answers: Array<(edits: Array<{ item: string; text: string }>) => Array<{ item: string; text: string }>> = [
    (edits) => edits.slice(0, 1),
    (edits) => [...edits, { item: 'claims.0', text: unify(document.sections.claims[0]!) }],
    (edits) => [edits[0]!, edits[0]!],
  ];
  for (const change of answers) {
    fake.answerWith(unifying(change));
    expect((await rejection(proposeEdits(document, { items, instruction: INSTRUCTION }, depsFor(user)))).errcode).toBe('E417');
  }
  const rows = await db('gpt_usage').where('user_id', user.userId);
  expect(rows.map((row) => row.purpose)).toEqual([TEXT_EDIT_PURPOSE, TEXT_EDIT_PURPOSE, TEXT_EDIT_PURPOSE]);
});

testWithJp('checks on the answer: over 1,500 cut at a sentence end, English for a Japanese document refused, a dropped claim reference and an invented citation reported', async () => {
  const user = await newUser();
  expect(document.sections.embodiment.length).toBeGreaterThan(1_500);
  const [embodiment] = await proposeEdits(document, { items: ['embodiment'], instruction: INSTRUCTION }, depsFor(user));
  expect(embodiment!.after.length).toBeLessThanOrEqual(1_500);
  expect(embodiment!.after.length).toBeGreaterThan(750);
  expect(embodiment!.after.endsWith('。')).toBe(true);
  expect(unify(document.sections.embodiment).startsWith(embodiment!.after)).toBe(true);
  expect(embodiment!.warnings).toEqual([GPT_EDIT_WARNINGS.truncated]);

  // English for a Japanese document: no proposal, E417.
  fake.answerWith(unifying((edits) => edits.map((e) => (e.item === 'domain' ? { ...e, text: 'The present invention relates to an apparatus for replacing the air in a container with an inert gas.' } : e))));
  expect((await rejection(proposeEdits(document, { items: ['domain', 'claims.1'], instruction: INSTRUCTION }, depsFor(user)))).errcode).toBe('E417');

  // Claim 3 loses 「請求項１又は２に記載の」 and its final 。; the background gains a citation the document does not have.
  const cited = document.sections.preDocPatents.length;
  const invented = `また、同様の装置が知られている（特許文献${cited + 1}参照）。`;
  fake.answerWith(
    unifying((edits) =>
      edits.map((e) =>
        e.item === 'claims.2' ? { ...e, text: e.text.replace('である請求項１又は２に記載の装置。', 'である装置') } : e.item === 'background' ? { ...e, text: `${e.text.slice(0, 1_000).replace(/[^。]*$/, '')}${invented}` } : e,
      ),
    ),
  );
  const [claim, background] = await proposeEdits(document, { items: ['claims.2', 'background'], instruction: INSTRUCTION }, depsFor(user));
  expect(claim!.after).toBe(unify(document.sections.claims[2]!).replace('である請求項１又は２に記載の装置。', 'である装置。'));
  expect(claim!.warnings).toEqual([GPT_EDIT_WARNINGS.dependencyChanged]);
  expect(claimReferences(document.sections.claims[2]!, 'ja')).toEqual([1, 2]);
  expect(claimReferences(claim!.after, 'ja')).toEqual([]);
  expect(background!.after).not.toContain(`特許文献${cited + 1}`);
  // Only the invented sentence is gone: the rest is GPT's text as it came.
  expect(background!.after).toBe(unify(document.sections.background).slice(0, 1_000).replace(/[^。]*$/, ''));
  expect(background!.warnings).toEqual([GPT_EDIT_WARNINGS.citationRemoved]);
  // The document's own citations (特許文献１…) stay.
  expect(background!.after).toContain('特許文献１');
});

testWithJp('a drawing with its real PNG goes to GPT vision as a data URL; its new description is proposed; usage edit.text and edit.vision', async () => {
  const user = await newUser();
  const png = makePng(64, 48);
  const drawing = document.drawings[0]!;
  const deps = depsFor(user, { images: new Map([[drawing.id, new Uint8Array(png)]]) });
  const proposals = await proposeEdits(document, { items: ['drawings.0', 'claims.1'], instruction: '図１の説明を、図示された構成が分かるように具体的にしてください。' }, deps);

  expect(fake.requests.map(schemaName)).toEqual(['patent_item_edits', 'patent_drawing_edit']);
  const vision = fake.requests[1]!;
  expect(vision.body.response_format?.json_schema?.strict).toBe(true);
  const image = userParts(vision).find((part) => part.type === 'image_url');
  expect(image?.type === 'image_url' && image.image_url.url).toBe(`data:image/png;base64,${png.toString('base64')}`);
  expect(userText(vision)).toContain(JSON.stringify(drawing.description));
  expect(userText(vision)).toContain('図１の説明を');
  // The text call had the claim only.
  expect(sentItems(fake.requests[0]!).map((item) => item.item)).toEqual(['claims.1']);

  expect(proposals[0]).toEqual({ item: 'drawings.0', before: drawing.description, after: '本発明の不活性ガス置換装置の概要を示す側面図であって、上流側及び下流側のチャンバーを示すものである。' });
  expect(proposals[1]!.item).toBe('claims.1');
  expect(deps.progress).toEqual(['1/2', '2/2']);
  const rows = await db('gpt_usage').where('user_id', user.userId).orderBy('id');
  expect(rows.map((row) => row.purpose)).toEqual([TEXT_EDIT_PURPOSE, VISION_EDIT_PURPOSE]);

  // Without its image, the drawing's description is edited with the text items (no vision call).
  fake.requests.length = 0;
  const [withoutImage] = await proposeEdits(document, { items: ['drawings.1'], instruction: INSTRUCTION }, depsFor(user));
  expect(fake.requests.map(schemaName)).toEqual(['patent_item_edits']);
  expect(withoutImage!.before).toBe(document.drawings[1]!.description);
});

testWithJp('over the company’s budget: E098 and no call', async () => {
  const user = await newUser();
  await setCompanyQuota(db, user.companyId, { monthlyQuotaUsd: 1, additionalQuotaUsd: 0, carryOverUsd: 0 });
  await insertGptUsage(db, { companyId: user.companyId, userId: user.userId, model: 'gpt-test-vision', purpose: TEXT_EDIT_PURPOSE, promptTokens: 1, completionTokens: 1, costUsd: 1 });
  const error = await rejection(proposeEdits(document, { items: ['claims.1'], instruction: INSTRUCTION }, depsFor(user)));
  expect(error.errcode).toBe('E098');
  expect(fake.requests).toHaveLength(0);
});

testWithJp('a server error fails with E417 and nothing recorded; an answer cut off at the token limit fails with E417 and is recorded', async () => {
  const user = await newUser();
  fake.answerWith(() => ({ status: 500, error: { message: 'upstream failure', type: 'server_error' } }));
  expect((await rejection(proposeEdits(document, { items: ['claims.1'], instruction: INSTRUCTION }, depsFor(user)))).errcode).toBe('E417');
  expect(fake.requests.length).toBeGreaterThanOrEqual(1);
  expect(await db('gpt_usage').where('user_id', user.userId)).toHaveLength(0);

  fake.answerWith(() => ({ content: '{"edits":[{"item":"claims.1","text":"不活性ガス供給用', finishReason: 'length', usage: { prompt_tokens: 1500, completion_tokens: 4000 } }));
  expect((await rejection(proposeEdits(document, { items: ['claims.1'], instruction: INSTRUCTION }, depsFor(user)))).errcode).toBe('E417');
  const rows = await db('gpt_usage').where('user_id', user.userId);
  expect(rows.map((row) => [row.purpose, row.completion_tokens])).toEqual([[TEXT_EDIT_PURPOSE, 4000]]);
});

testWithJp('a cancel rejects with the abort reason', async () => {
  const controller = new AbortController();
  const reason = new Error('job cancelled');
  // Cancelled while the call is under way: when the server has the request, not a fixed 150 ms after the start (on a
  // loaded machine that came before the request, as it did for gpt-draft's cancel on CI, 2026-11-29).
  fake.answerWith(() => {
    controller.abort(reason);
    return { content: { edits: [] }, delayMs: 5_000 };
  });
  await expect(proposeEdits(document, { items: ['claims.1'], instruction: INSTRUCTION }, depsFor(await newUser(), { signal: controller.signal }))).rejects.toBe(reason);
  expect(fake.requests).toHaveLength(1);
});

testWithUs('English: the claim form and references checked in English, Japanese text for an English document refused', async () => {
  const us = documentFromUsRecord(usRecord!);
  const toCart = (text: string): string => text.replace(/hand truck/g, 'hand cart');
  const user = await newUser();
  fake.answerWith((request) => ({ content: { edits: sentItems(request).map(({ item, text }) => ({ item, text: toCart(text) })) } }));
  const instruction = 'Use "hand cart" instead of "hand truck" throughout.';
  const proposals = await proposeEdits(us, { items: ['title', 'claims.1'], instruction }, depsFor(user));
  const system = String(fake.requests[0]!.body.messages?.[0]?.content);
  expect(system).toContain('US patent practitioner');
  expect(system).not.toContain('hand cart');
  expect(userText(fake.requests[0]!)).toContain(JSON.stringify(instruction));
  expect(proposals).toEqual([
    { item: 'title', before: us.sections.title, after: 'Wheeled hand cart' },
    { item: 'claims.1', before: us.sections.claims[1], after: toCart(us.sections.claims[1]!) },
  ]);
  expect(proposals[1]!.after).toContain('of claim 1');

  // Claim 2 made to depend on claim 3 (a later claim), without its final period: kept, period added, both warnings.
  fake.answerWith((request) => ({ content: { edits: sentItems(request).map(({ item, text }) => ({ item, text: toCart(text).replace('of claim 1', 'of claim 3').replace(/\.$/, '') })) } }));
  const [claim] = await proposeEdits(us, { items: ['claims.1'], instruction }, depsFor(user));
  expect(claim!.after).toBe(toCart(us.sections.claims[1]!).replace('of claim 1', 'of claim 3'));
  expect(claim!.after.endsWith('.')).toBe(true);
  expect(claim!.warnings).toEqual([GPT_EDIT_WARNINGS.dependencyChanged, GPT_EDIT_WARNINGS.dependencyInvalid]);

  fake.answerWith(() => ({ content: { edits: [{ item: 'title', text: '車輪付きハンドカート' }] } }));
  expect((await rejection(proposeEdits(us, { items: ['title'], instruction }, depsFor(user)))).errcode).toBe('E417');
});

testWithJp('a Japanese sign list may name parts in Latin letters (ＣＰＵ) as gazettes do; English names for Japanese ones are refused', async () => {
  const withLatin = withItemText(document, 'symbol_descriptions', '１０　ＣＰＵ\n１１　ＲＯＭ\n１２　ＲＡＭ\n１３　ＬＥＤ\n１４　搬送装置');
  const user = await newUser();
  fake.answerWith((request) => ({ content: { edits: sentItems(request).map(({ item, text }) => ({ item, text: text.replace('搬送装置', 'コンベヤ') })) } }));
  const [signs] = await proposeEdits(withLatin, { items: ['symbol_descriptions'], instruction: '「搬送装置」を「コンベヤ」にしてください。' }, depsFor(user));
  expect(signs!.after).toBe('１０　ＣＰＵ\n１１　ＲＯＭ\n１２　ＲＡＭ\n１３　ＬＥＤ\n１４　コンベヤ');

  fake.answerWith(() => ({ content: { edits: [{ item: 'symbol_descriptions', text: '1 inert gas replacement device\n2 chamber\n10 container' }] } }));
  expect((await rejection(proposeEdits(document, { items: ['symbol_descriptions'], instruction: INSTRUCTION }, depsFor(user)))).errcode).toBe('E417');
});

testWithJp('the cited patents: a document GPT adds on its own is left out (reported); one the instruction names is kept', async () => {
  const user = await newUser();
  const before = itemText(document, 'preDocPatents');
  expect(before.split('\n').length).toBeGreaterThanOrEqual(2);
  const instruction = '特開2015-039043号公報を特許文献の最後に追加してください。';
  fake.answerWith(() => ({ content: { edits: [{ item: 'preDocPatents', text: `${before.split('\n').map((line, i) => `【特許文献${i + 1}】${line}`).join('\n')}\n特開2015-039043号公報\n特開2099-123456号公報` }] } }));
  const [cited] = await proposeEdits(document, { items: ['preDocPatents'], instruction }, depsFor(user));
  expect(cited!.after).toBe(`${before}\n特開2015-039043号公報`);
  expect(cited!.warnings).toEqual([GPT_EDIT_WARNINGS.citationRemoved]);
});
