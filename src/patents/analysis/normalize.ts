// Character-level normalisation shared by every analyser (index and query side alike):
// whatever a user types and whatever a gazette prints must reach the tokenisers in one form.
//
//   1. drop control/format characters (NUL, ZWSP, soft hyphen, BOM, bidi marks), variation
//      selectors (異体字セレクタ on names) and lone surrogates;
//   2. Unicode NFKC: full-width ASCII → ASCII (ＡＢＣ１２３ → ABC123), half-width katakana →
//      full-width (ｶﾞｿﾞｳ → ガゾウ), ㈱ → (株), ① → 1, ideographic space → space;
//   3. dashes: a dash-like character right after katakana is the long-vowel mark that was
//      typed or OCRed as a dash (コンピュ－タ, サ―バ, デ─タ → ー); every other dash
//      (‐ ‒ – — ― − ⁃) becomes the ASCII hyphen, and a ー between Latin letters or digits too;
//   4. case folding (lower case, ß → ss, final sigma → σ);
//   5. whitespace runs collapse to one space.
// Word-final long-vowel marks (コンピューター vs コンピュータ) are unified later, per token,
// by the Japanese analyser (stemKatakana), so the morphological analyser still sees the
// dictionary spelling.

// Cc except tab/newline/carriage return (those are whitespace, collapsed below).
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
// Cf (format), variation selectors, lone surrogates.
const INVISIBLE = /[\p{Cf}\u{FE00}-\u{FE0F}\u{E0100}-\u{E01EF}\u{180B}-\u{180D}]|\p{Cs}/gu;
// Dash-like characters (after NFKC, which already folds － ﹣ to '-', ‑ to ‐, ﹘ to —).
// The dash (or ー) is matched first and what precedes it looked behind afterwards (the `.` is the
// character itself): the same matches as a lookbehind in front, but the engine no longer tries the
// lookbehind at every character (these two took 100 ms → 35 ms over 17.6 million characters of the corpus).
const KATAKANA_DASH = /[-\u2010-\u2015\u2212\u2043\u2500\u2501](?<=[\p{Script=Katakana}\u30FC].)(?![0-9a-z])/giu;
const OTHER_DASH = /[\u2010-\u2015\u2212\u2043]/g;
const LATIN_CHOONPU = /\u30FC(?:(?<=[0-9A-Za-z].)|(?=[0-9A-Za-z]))/g;
const WHITESPACE = /\s+/g;

// Two passes skipped when a scan of the code units finds nothing for them, by tables filled on first sight (0 unknown,
// 1 yes, 2 no; surrogates always go to the pass): INVISIBLE (a regular expression over Unicode properties) and
// toLowerCase (a character without a lower-case mapping is left alone in any context).
// normalizeText over the fields of jp-fulltext (none has an invisible character, 520 of 1,124 need lower-casing), best of
// 5, 2 interleaved pairs: 1.02 → 0.89–0.92 ms per gazette.
const INVISIBLE_UNIT = /^[\p{Cf}\u{FE00}-\u{FE0F}\u{180B}-\u{180D}]$/u;
const invisibleUnits = new Uint8Array(0x10000);
const casedUnits = new Uint8Array(0x10000);

function mayHaveInvisible(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdfff) return true;
    let known = invisibleUnits[unit]!;
    if (known === 0) invisibleUnits[unit] = known = INVISIBLE_UNIT.test(String.fromCharCode(unit)) ? 1 : 2;
    if (known === 1) return true;
  }
  return false;
}

function mayLowerCase(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdfff) return true;
    let known = casedUnits[unit]!;
    if (known === 0) {
      const character = String.fromCharCode(unit);
      casedUnits[unit] = known = character.toLowerCase() !== character ? 1 : 2;
    }
    if (known === 1) return true;
  }
  return false;
}

export function normalizeText(text: string): string {
  if (!text) return '';
  const visible = text.replace(CONTROL, ' ');
  const folded = (mayHaveInvisible(visible) ? visible.replace(INVISIBLE, '') : visible)
    .normalize('NFKC')
    .replace(KATAKANA_DASH, '\u30FC')
    .replace(OTHER_DASH, '-')
    .replace(LATIN_CHOONPU, '-');
  return (mayLowerCase(folded) ? folded.toLowerCase() : folded)
    .replace(/ß/g, 'ss')
    .replace(/ς/g, 'σ')
    .replace(WHITESPACE, ' ')
    .trim();
}
