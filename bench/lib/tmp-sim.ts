import { createDatabase } from '../../src/platform/database.ts';
import { simulate } from '../../src/priorart/engine.ts';
const db = createDatabase('postgres://postgres@127.0.0.1:5432/hatsumei_bench_17');
for (const [id, region] of [['JP2015039043A', 'jp'], ['US11147202B2', 'us']] as const) {
  const row = await db('patents').where({ id }).first();
  for (const exclude of [false, true]) {
    const t = performance.now();
    const result = await simulate(db, { lang: region, subjectMatter: row.claims[0], isAutoElementCutter: true, compared: 'full', strategy: 'passive', outputType: 0, fixedDocumentIds: [], populationIds: null, excludeDocumentId: exclude ? id : null });
    console.log(id, 'exclude', exclude, 'ms', (performance.now() - t).toFixed(0), JSON.stringify(result.timings));
    console.log(' elements', result.elements.length, 'ipc', result.ipc.subclasses.slice(0, 3).map((c) => `${c.code}:${c.score.toFixed(2)}`).join(' '), 'truth', row.ipc?.slice(0, 2).join(','));
    console.log(' top', result.candidates.slice(0, 3).map((c) => `${c.documentId}:${c.score}:${c.matchRate}`).join(' '));
    console.log(' rank', result.conclusion.rank, 'main', result.conclusion.mainDocumentId, 'sec', result.conclusion.secondaryDocumentIds.join(','), result.conclusion.rankDescription.ja.slice(0, 150));
    const main = result.charts.find((c) => c.documentId === result.conclusion.mainDocumentId);
    for (const e of main?.evidence.slice(0, 3) ?? []) console.log('   ', e.elementId, e.verdict, e.score, e.passage?.kind, e.passage?.number, e.words.slice(0, 6).join('/'));
  }
}
await db.destroy();
