// Method claims whose steps end in 「こと」 cut into elements as a patent attorney reads them: each step whole, with its 「こと」.
// The expected elements were written by hand from the claims (shared corpus gazettes).
import { cutElements } from '../../src/priorart/elements.ts';

const texts = (claim: string) => cutElements(claim, true).map((element) => `${element.preamble ? 'P:' : ''}${element.text}`);

test('Japanese: steps listed 「…すること、…すること、…することを含む」 keep their 「こと」 (JP2011215413A claim 8)', () => {
  const claim = '請求項１〜６のいずれかに記載の組成物を用いて膜を形成すること、該膜を露光すること、露光した膜を現像することを含むパターン形成方法。';
  // Read before as 「…膜を形成するこ」, 「該膜を露光するこ」, 「露光した膜を現像するこ」: the と of 「こと」 taken for the list's.
  expect(texts(claim)).toEqual(['請求項１〜６のいずれかに記載の組成物を用いて膜を形成すること', '該膜を露光すること', '露光した膜を現像すること', 'P:パターン形成方法']);
});

test('Japanese: a last step 「…すること、 を含む」 after steps joined by 「ことと、」 keeps its 「こと」 (JP2017208128A claim 1)', () => {
  const claim =
    '分散メモリキャッシュシステムを管理するための管理システムにより実行される方法であって、前記方法は、 複数のメモリキャッシュノードに対するエイリアスを提供することと、 前記構成の変更について監視することと、 前記構成の変更を監視したことに基づいて、前記メモリキャッシュノードに対するエイリアスを更新すること、 を含む管理システムにより実行される方法。';
  expect(texts(claim).slice(1)).toEqual([
    '前記方法は、複数のメモリキャッシュノードに対するエイリアスを提供すること',
    '前記構成の変更について監視すること',
    '前記構成の変更を監視したことに基づいて、前記メモリキャッシュノードに対するエイリアスを更新すること',
  ]);
});
