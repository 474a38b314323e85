// The creation form splits a claim set pasted into one box (islands/creation-form/model.ts). A gazette
// copied without its line breaks runs its claims on (「…装置。【請求項２】請求項１に記載の…」): that stayed one
// claim of 1,666 characters, refused at 1,500. The claims are shortened from JP2023534250A's claims 1–3.
import { splitPastedClaims } from '../../islands/creation-form/model.ts';

const one = '非ニコチン電子ベイピング装置であって、非ニコチンポッドアセンブリ及びデバイスアセンブリを有する、非ニコチン電子ベイピング装置。';
const two = '請求項１に記載の非ニコチン電子ベイピング装置において、前記コントローラは、前記メモリ内にエンプティフラグを設定するように構成される、非ニコチン電子ベイピング装置。';
const three = '請求項２に記載の非ニコチン電子ベイピング装置において、前記エンプティフラグを設定することにより、前記更新された総量のさらなる更新を防止する、非ニコチン電子ベイピング装置。';

test('【請求項Ｎ】 splits claims wherever it stands, on lines of their own or run on', () => {
  expect(splitPastedClaims(`【請求項１】${one}【請求項２】${two}【請求項３】${three}`)).toEqual([one, two, three]);
  expect(splitPastedClaims(`【請求項１】\n${one}\n【請求項２】\n${two}\n【請求項３】\n${three}`)).toEqual([one, two, three]);
});

test('a number with a point splits only at a line start: 「請求項１に記載の」 and "claim 1. " inside a claim stay', () => {
  expect(splitPastedClaims('1. A connector comprising a housing.\n2. The connector of claim 1. wherein the housing is metal.')).toEqual([
    'A connector comprising a housing.',
    'The connector of claim 1. wherein the housing is metal.',
  ]);
  expect(splitPastedClaims(two)).toEqual([two]);
});
