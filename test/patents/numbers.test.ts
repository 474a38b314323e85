import { coreOfId, displayNumberOfId, kindMatches, parsePublicationNumber } from '../../src/patents/numbers.ts';

const parsed = (text: string) => {
  const number = parsePublicationNumber(text);
  return number && { region: number.region, core: number.core, kind: number.kind, id: number.id };
};

test.each([
  // US grants, applications, designs as typed and as printed
  ['US 7,783,348 B2', { region: 'us', core: '7783348', kind: 'B2', id: 'US7783348B2' }],
  ['US7783348', { region: 'us', core: '7783348', kind: null, id: 'US7783348' }],
  ['us7783348b2', { region: 'us', core: '7783348', kind: 'B2', id: 'US7783348B2' }],
  ['US 2008/0250823 A1', { region: 'us', core: '20080250823', kind: 'A1', id: 'US20080250823A1' }],
  ['US20080250823A1', { region: 'us', core: '20080250823', kind: 'A1', id: 'US20080250823A1' }],
  ['USD456615S1', { region: 'us', core: 'D456615', kind: 'S1', id: 'USD456615S1' }],
  ['US D456,615 S', { region: 'us', core: 'D456615', kind: 'S', id: 'USD456615S' }],
  // Japanese forms
  ['特開2020-123456', { region: 'jp', core: '2020123456', kind: 'A', id: 'JP2020123456A' }],
  ['特開２０２０－１２３４５６', { region: 'jp', core: '2020123456', kind: 'A', id: 'JP2020123456A' }],
  ['JP2020123456A', { region: 'jp', core: '2020123456', kind: 'A', id: 'JP2020123456A' }],
  ['JP2000-174797 A', { region: 'jp', core: '2000174797', kind: 'A', id: 'JP2000174797A' }],
  ['特開平11-123456', { region: 'jp', core: 'H11123456', kind: 'A', id: 'JPH11123456A' }],
  ['特開昭63-312435', { region: 'jp', core: 'S63312435', kind: 'A', id: 'JPS63312435A' }],
  ['特開平8-6916', { region: 'jp', core: 'H08006916', kind: 'A', id: 'JPH08006916A' }],
  ['JPH086916A', { region: 'jp', core: 'H08006916', kind: 'A', id: 'JPH08006916A' }], // corpus id with the serial unpadded
  ['特表2023-534040', { region: 'jp', core: '2023534040', kind: 'A', id: 'JP2023534040A' }],
  ['日本特開２０１１−１１９３１１号公報', { region: 'jp', core: '2011119311', kind: 'A', id: 'JP2011119311A' }],
  // Patents and utility models: 特許 is any B publication (B1 or B2), 実登 a U
  ['特許第6543210号', { region: 'jp', core: '6543210', kind: 'B', id: 'JP6543210B' }],
  ['特許6183980', { region: 'jp', core: '6183980', kind: 'B', id: 'JP6183980B' }],
  ['JP6183980B1', { region: 'jp', core: '6183980', kind: 'B1', id: 'JP6183980B1' }],
  ['特公平7-123456', { region: 'jp', core: 'H07123456', kind: 'B', id: 'JPH07123456B' }],
  ['実用新案登録第3200000号', { region: 'jp', core: '3200000', kind: 'U', id: 'JP3200000U' }],
  ['実登3214154', { region: 'jp', core: '3214154', kind: 'U', id: 'JP3214154U' }],
  // International publications: the store holds Japan's re-publication (再公表, JPWO…A1)
  ['WO2020/123456', { region: 'jp', core: 'WO2020123456', kind: 'A', id: 'JPWO2020123456A' }],
  ['WO 2018/134950 A1', { region: 'jp', core: 'WO2018134950', kind: 'A1', id: 'JPWO2018134950A1' }],
  ['再表2018/134950', { region: 'jp', core: 'WO2018134950', kind: 'A', id: 'JPWO2018134950A' }],
  ['JPWO2018134950A1', { region: 'jp', core: 'WO2018134950', kind: 'A1', id: 'JPWO2018134950A1' }],
  // Chinese
  ['CN112345678A', { region: 'cn', core: '112345678', kind: 'A', id: 'CN112345678A' }],
  ['CN 112345678 A', { region: 'cn', core: '112345678', kind: 'A', id: 'CN112345678A' }],
  ['cn106844774a', { region: 'cn', core: '106844774', kind: 'A', id: 'CN106844774A' }],
])('%s', (text, expected) => {
  expect(parsed(text)).toEqual(expected);
});

test.each(['', 'semiconductor', '7783348', 'EP1234567A1', '特願2019-123456', 'US', 'CN-'])('%s is not a publication number we search by', (text) => {
  expect(parsePublicationNumber(text)).toBeUndefined();
});

test.each([
  ['特許12345', 'a Japanese patent number has 7 digits'],
  ['特許第61839800号', 'nor 8'],
  ['特開2020-1234567', 'a serial after the year has at most 6 digits'],
  ['特開1850-123456', 'no publication of 1850'],
  ['JP2002366927B2', 'year-numbered publications are applications (A), never B'],
  ['JP6183980A', 'a 7-digit number is a patent or utility model, never an A publication'],
  ['JP12345A', 'a Japanese number of 5 digits'],
  ['WO20/123456', 'a WO number with a 2-digit year'],
  ['US7783348Q', 'no office kind Q'],
  ['実登123', 'a utility-model number of 3 digits'],
])('%s can never name a publication (%s)', (text) => {
  expect(parsePublicationNumber(text)).toBeUndefined();
});

test('a kind the form implies matches every stored kind code starting with it', () => {
  expect(kindMatches('B', 'B1')).toBe(true);
  expect(kindMatches('B', 'B2')).toBe(true);
  expect(kindMatches('B2', 'B1')).toBe(false);
  expect(kindMatches('A', 'A1')).toBe(true);
  expect(kindMatches(null, 'A')).toBe(true);
  expect(kindMatches('A', null)).toBe(true); // corpus ids without kind codes
});

test('numbers display as offices print them', () => {
  // Japan's re-publication of a PCT application: as a Japanese attorney cites it, or its international publication in English.
  expect(displayNumberOfId('JPWO2018134950A1', 'ja')).toBe('再表2018/134950');
  expect(displayNumberOfId('JPWO2018134950A1', 'en')).toBe('WO 2018/134950 A1');
  expect(displayNumberOfId('JPH086916A', 'en')).toBe('JP H08-006916 A');
  expect(displayNumberOfId('JP2002366927A', 'en')).toBe('JP 2002-366927 A');
  expect(displayNumberOfId('JP6183980B1', 'en')).toBe('JP 6183980 B1');
});

test('corpus ids with and without kind codes share their core (README: match US ids on the number)', () => {
  expect(coreOfId('US8442821').core).toBe(coreOfId('US8442821B2').core);
  expect(coreOfId('USD404696').core).toBe('D404696');
  expect(coreOfId('JP2000174797A')).toMatchObject({ region: 'jp', core: '2000174797', kind: 'A' });
  expect(coreOfId('CN100589055C')).toMatchObject({ region: 'cn', core: '100589055', kind: 'C' });
});
