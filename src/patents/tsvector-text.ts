// Reading PostgreSQL's text form of tsvector and tsquery values ('word':1A,5B 'it''s':3).

/**
 * The quoted lexeme that starts at `start` (its opening quote): '' is a quote, \x an escaped
 * character. `end` is the index after the closing quote; `closed` false when the text ended first.
 */
export function readQuotedLexeme(text: string, start: number): { lexeme: string; end: number; closed: boolean } {
  let lexeme = '';
  let i = start + 1;
  for (;;) {
    const ch = text[i];
    if (ch === undefined) return { lexeme, end: i, closed: false };
    if (ch === '\\') {
      lexeme += text[i + 1] ?? '';
      i += 2;
    } else if (ch === "'") {
      if (text[i + 1] !== "'") return { lexeme, end: i + 1, closed: true };
      lexeme += "'";
      i += 2;
    } else {
      lexeme += ch;
      i++;
    }
  }
}
