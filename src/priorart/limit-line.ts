// The line a chart cell of an element with numerical limitations ends with (evidence.ts LIMIT_RULE):
// 「数値限定を満たす記載：２〜２５μｍ、0.1 to 5%（【0014】）」 or 「数値限定を満たす記載なし」. Shared by the
// server (export.ts: the Excel/CSV cells and the printable chart) and the claim chart island, each
// giving its own translations (no Node imports: the islands bundle it).
import type { PassagePlace } from './passage-href.ts';

/** What the cell's passage states that meets the limits (a quantity stated in another passage says where), or null when none. */
export interface LimitFound {
  met: ReadonlyArray<{ text: string; place: PassagePlace | null }> | null;
}

export interface LimitWording {
  /** The `limitMet`, `limitUnmet` and `limitElsewhere` strings of the caller's locale. */
  say: (key: 'limitMet' | 'limitUnmet' | 'limitElsewhere', values?: Record<string, string>) => string;
  /** 【0014】, 請求項3, 要約. */
  place: (place: PassagePlace) => string;
  separator: string;
}

export function limitLine(limit: LimitFound | undefined, { say, place, separator }: LimitWording): string | null {
  if (!limit) return null;
  if (!limit.met) return say('limitUnmet');
  const values = limit.met.map(({ text, place: where }) => (where ? say('limitElsewhere', { text, place: place(where) }) : text));
  return say('limitMet', { values: values.join(separator) });
}
