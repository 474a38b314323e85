// Numbers as the offices print them: JPO filings write every number of their own labels in
// full-width digits (【０００１】, 【請求項１】, 【図１】, 【特許文献１】, 「１０　正極」), US filings
// in ASCII ([0001], FIG. 1). The rest of the code base only converts the other way (toAscii in
// src/patents/description.ts), so this is the one place for the full-width direction, and for
// reading labels of an uploaded document back (letters as well as digits: 「１０ａ　正極」).
import type { DocumentFormat } from './model.ts';

/** ASCII digits to full-width ('12' → '１２'); everything else unchanged. */
export function toFullWidthDigits(text: string): string {
  return text.replace(/[0-9]/g, (digit) => String.fromCharCode(digit.charCodeAt(0) + 0xfee0));
}

/** Full-width digits and letters to ASCII (１０ａ → 10a): labels as an uploaded Japanese document writes them. */
export function toAsciiAlnum(text: string): string {
  return text.replace(/[０-９Ａ-Ｚａ-ｚ]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
}

/** A paragraph number of the description, four digits (five past 9999 as the JPO does): 【０００１】 / [0001]. */
export function paragraphLabel(number: number, format: DocumentFormat): string {
  const digits = String(number).padStart(4, '0');
  return format === 'jpo' ? `【${toFullWidthDigits(digits)}】` : `[${digits}]`;
}

/** A number inside a Japanese label: 請求項１, 図１２. */
export const japaneseNumber = (number: number): string => toFullWidthDigits(String(number));
