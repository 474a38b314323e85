// The problem and the effect of a draft without GPT name claim 1's point part with what the claim says defines it, not by its bare name:
// "a configuration including a fourth layer." said nothing (82 of 228 US drafts). The part is said to the end of its first phrase, within
// english-point.ts's length, cut at a clause boundary; its numerals dropped; a part said in a clause of its own is said in it ("in which
// …"); a part the claim only names keeps its name. US records of the shared corpus; no database.
import { corpusTests } from '../helpers/corpus.ts';
import { recordDrafts } from '../helpers/draft-input.ts';

const { test: corpusTest, available } = corpusTests('us.jsonl.gz');
const IDS = ['US6970935B1', 'US20150075015A2', 'US6837514B1', 'US6836979B2', 'US7473185B2', 'US20050004974A1', 'US9358892B1', 'US7474071B2'];
const draftOf = recordDrafts('us.jsonl.gz', IDS, available, 'en');

corpusTest('English: a named point part is said with what the claim says of it', async () => {
  // Claim 1's last element: "a fourth layer for transporting the data stream and the transmission control data stream".
  const layer = await draftOf('US6970935B1');
  expect(layer.issue).toMatch(/^However, conventional communication systems have not sufficiently considered a configuration including a fourth layer for transporting the data stream and the transmission control data stream\. /);
  expect(layer.effect).toBe('According to the present disclosure, it is possible to provide a communication system including a fourth layer for transporting the data stream and the transmission control data stream.');
  // "at least one stop extending from and above … and configured to limit rotation of the cartridge about the second axis when the cartridge is
  // mounted on the attachment portion" (35 words): cut before its condition, not mid-phrase.
  const stop = await draftOf('US20150075015A2');
  expect(stop.effect).toBe(
    'According to the present disclosure, it is possible to provide a personal grooming apparatus including at least one stop extending from and above the at least partially rounded surface of the pivot member and configured to limit rotation of the cartridge about the second axis.',
  );
  // "a safety controller for generating, at the occurrence of an error signal, an alternative motor control signal …": not "for generating.".
  expect((await draftOf('US7474071B2')).effect).toContain('including a safety controller for generating an alternative motor control signal suited to put the motor into a rest state');
  // "based on the gear selection, the grade value, and the state of charge value": a list is not cut at its first comma.
  expect((await draftOf('US9358892B1')).effect).toContain('configured to determine whether to activate a pre-charge mode based on the gear selection, the grade value, and the state of charge value.');
});

corpusTest('English: numerals dropped, a clause said as one, a doubled "including" and a bare name', async () => {
  // "one or more edges (12) at least partially made of an elastically deformable material, …".
  const shoe = await draftOf('US6836979B2');
  expect(shoe.effect).toBe('According to the present disclosure, it is possible to provide a shoe structure including one or more edges at least partially made of an elastically deformable material.');
  // "the switch operating portion is lowered and moved to the non-interfering region when …": a state, not a thing included.
  const wheel = await draftOf('US6837514B1');
  expect(wheel.issue).toContain('a configuration in which the switch operating portion is lowered and moved to the non-interfering region when the switch operating portion is pushed and moved by the door.');
  // "a distal end including a handle" after the problem's own "including".
  expect((await draftOf('US7473185B2')).effect).toMatch(/including a distal end that includes a handle\.$/);
  // "a service environment": nothing more said of it.
  expect((await draftOf('US20050004974A1')).issue).toContain('a configuration including a service environment.');
  for (const id of IDS) {
    const { issue, effect } = await draftOf(id);
    expect(`${issue} ${effect}`).not.toMatch(/\b(?:a|an|the)\s+(?:a|an|the)\b|\(\d+\)|\bsaid\b/i);
  }
});
