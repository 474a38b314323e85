import { coreOfId, parsePublicationNumber } from '../../src/patents/numbers.ts';

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
  ['特許第6543210号', { region: 'jp', core: '6543210', kind: 'B2', id: 'JP6543210B2' }],
  ['実用新案登録第3200000号', { region: 'jp', core: '3200000', kind: 'U', id: 'JP3200000U' }],
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

test('corpus ids with and without kind codes share their core (README: match US ids on the number)', () => {
  expect(coreOfId('US8442821').core).toBe(coreOfId('US8442821B2').core);
  expect(coreOfId('USD404696').core).toBe('D404696');
  expect(coreOfId('JP2000174797A')).toMatchObject({ region: 'jp', core: '2000174797', kind: 'A' });
  expect(coreOfId('CN100589055C')).toMatchObject({ region: 'cn', core: '100589055', kind: 'C' });
});
