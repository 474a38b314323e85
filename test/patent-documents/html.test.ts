// The HTML rendering: a complete printable page in the document's language, the layout's blocks
// in order, user text escaped, drawings linked or embedded.
import { renderHtml } from '../../src/patent-documents/html.ts';
import { layoutDocument } from '../../src/patent-documents/layout.ts';
import { emptySections, type PatentDocument } from '../../src/patent-documents/model.ts';
import { documentFromJpGazette, expectInOrder, makePng, readCorpusFile } from '../helpers/patent-document.ts';

const jpRecords = readCorpusFile('jp-fulltext.jsonl.gz');
const testWithJp = jpRecords ? test : test.skip;
if (!jpRecords) console.warn('The shared corpus (../shared/corpus or HATSUMEI_CORPUS_DIR) is missing: the corpus-based HTML test is skipped');

/** Text content of the page in order, tags removed and entities decoded. */
const textOf = (html: string) =>
  html
    .replace(/<style>[\s\S]*?<\/style>/, '')
    .replace(/<[^>]+>/g, '\n')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');


testWithJp('a real gazette as a JPO page: Japanese, every heading, number, claim and figure line in order', () => {
  const document = jpRecords!.map(documentFromJpGazette).find(({ sections, drawings }) => sections.claims.length >= 3 && sections.preDocPatents.length >= 1 && drawings.length >= 1)!;
  expect(document).toBeDefined();
  const html = renderHtml(document, 'jpo', { imageUrl: (drawing) => `/patent-creation-support/drawings/${drawing.id}` });
  expect(html.startsWith('<!DOCTYPE html>\n<html lang="ja">')).toBe(true);
  expect(html).toMatch(/<meta charset="utf-8">/);
  expect(html).toMatch(/font-family:[^;]*Mincho/);
  expect(html).toContain('@page { size: A4;');
  const expected = layoutDocument(document, 'jpo').flatMap((block) => {
    switch (block.kind) {
      case 'documentName':
      case 'heading':
        return [block.text];
      case 'paragraph':
        return [block.number ?? '', block.text].filter(Boolean);
      case 'entry':
        // 「１０　正極」: sign, ideographic space, name.
        return [block.role === 'referenceSign' ? `${block.label}\u3000${block.text}` : block.label + block.text];
      case 'claim':
        return [block.label, block.text];
      case 'figure':
        return [block.label];
    }
  });
  expectInOrder(textOf(html), expected);
  expect(html.match(/<section class="document">/g)).toHaveLength(4);
  expect(html.match(/<img /g)).toHaveLength(document.drawings.length);
  expect(html).toContain(`src="/patent-creation-support/drawings/${document.drawings[0]!.id}"`);
});

test('user text cannot inject HTML: a <script> title, claim, citation and drawing description are escaped', () => {
  const sections = {
    ...emptySections(),
    title: '<script>alert("title")</script>電池',
    claims: ['</p><img src=x onerror=alert(1)>を備える電池。'],
    preDocPatents: ['特開2015-039043号公報"><script>alert(2)</script>'],
    abstract: "it's & <b>bold</b>",
  };
  const document: PatentDocument = { lang: 'ja', sections, drawings: [{ id: 'd"1', fileName: 'a.png', mimeType: 'image/png', width: 10, height: 10, description: '<iframe src=javascript:alert(3)>' }] };
  for (const format of ['jpo', 'us'] as const) {
    const html = renderHtml(document, format, { imageUrl: (drawing) => `/drawings/${drawing.id}?a=1&b="2"` });
    expect(html).not.toMatch(/<script|<img src=x|<iframe|<b>/i);
    expect(html).toContain('&lt;script&gt;alert(&quot;title&quot;)&lt;/script&gt;電池');
    expect(html).toContain('<title>&lt;script&gt;');
    expect(html).toContain('it&#39;s &amp; &lt;b&gt;bold&lt;/b&gt;');
    expect(html).toContain('src="/drawings/d&quot;1?a=1&amp;b=&quot;2&quot;"');
  }
});

test('drawings embedded as data: URLs when their bytes are given; US page in English with [0001] and FIG. 1', () => {
  const png = makePng(40, 30);
  const sections = { ...emptySections(), title: 'Battery', domain: 'The present disclosure relates to a battery.', claims: ['A battery comprising a positive electrode.'], abstract: 'A battery.' };
  const document: PatentDocument = { lang: 'en', sections, drawings: [{ id: 'fig-1', fileName: 'fig1.png', mimeType: 'image/png', width: 40, height: 30, description: 'A sectional view of the battery.' }] };
  const html = renderHtml(document, 'us', { embedImages: new Map([['fig-1', png]]) });
  expect(html.startsWith('<!DOCTYPE html>\n<html lang="en">')).toBe(true);
  expect(html).toContain('@page { size: letter;');
  expect(html).toContain(`<img src="data:image/png;base64,${png.toString('base64')}" width="40" height="30" alt="FIG. 1">`);
  expectInOrder(textOf(html), ['Battery', 'TECHNICAL FIELD', '[0001]', 'The present disclosure relates to a battery.', 'BRIEF DESCRIPTION OF THE DRAWINGS', '[0002]', 'FIG. 1 is a sectional view of the battery.', 'CLAIMS', 'What is claimed is:', '1.', 'A battery comprising a positive electrode.', 'ABSTRACT', 'A battery.', 'FIG. 1']);
  // Without bytes or a URL the figure keeps its label and no broken image.
  const bare = renderHtml(document, 'us');
  expect(bare).not.toContain('<img');
  expect(bare).toContain('<figcaption>FIG. 1</figcaption>');
});
