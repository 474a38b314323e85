// The claims of an application as amended, as a new application files them: a canceled claim
// ("1-18. (canceled)", US20150075015A2) claims nothing and goes, and the claims after it are
// numbered on from 1, so a dependent claim's "The personal grooming apparatus of claim 19" becomes
// "… of claim 1" (left, it pointed at claim 19 of a draft of ten claims, or at nothing).
import { withoutClaimNumber } from '../../patents/claim-text.ts';
import { collapseSpaces } from './text.ts';

/** Whitespace normalised; a claim number the user pasted ("1.", 【請求項１】, １、) dropped. */
export function cleanClaim(text: string): string {
  return withoutClaimNumber(collapseSpaces(text)).trim();
}

const CANCELED = /^(?:\d+\s*(?:[-–]|to)\s*\d+\.?\s*)?[([]?\s*(?:canceled|cancelled|deleted|withdrawn)\s*[)\]]?\.?$/i;

const toAscii = (text: string): string => text.replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));

/** The number a claim was pasted with ("19. A …", 【請求項１９】, "1-18. (canceled)" → its last, 18), if any. */
function pastedNumber(text: string): number | undefined {
  const match = /^\s*(?:【請求項\s*([0-9０-９]+)】|(?:[0-9０-９]+\s*(?:[-–]|to)\s*)?([0-9０-９]+)\s*[.．、,，)）]|claim\s+(\d+)\s*[.:])/i.exec(text);
  const digits = match?.[1] ?? match?.[2] ?? match?.[3];
  return digits ? Number(toAscii(digits)) : undefined;
}

/** "claim 19", "claims 19 or 20", "any one of claims 19 to 21", 「請求項１９又は２０」: the numbers of a reference. */
const REFERENCE = /(\bclaims?\s+|請求項\s*)((?:[0-9０-９]+\s*(?:,|、|-|–|～|〜|or|and|to|through|又は|または|乃至|ないし|から)?\s*)+)/gi;

/**
 * The claims cleaned, without the canceled ones; when one went, the references of the others follow the
 * new numbers (a reference to a number no kept claim had is left as written). Without a canceled claim
 * the claims are only cleaned (by `clean`: whitespace normalised unless the caller keeps it).
 */
export function liveClaims(claims: string[], clean: (text: string) => string = cleanClaim): string[] {
  const renumbered = new Map<number, number>();
  const kept: string[] = [];
  let canceled = false;
  let original = 0;
  for (const pasted of claims) {
    original = pastedNumber(pasted) ?? original + 1;
    const text = clean(pasted);
    if (!text) continue;
    if (CANCELED.test(text)) {
      canceled = true;
      continue;
    }
    kept.push(text);
    renumbered.set(original, kept.length);
  }
  if (!canceled) return kept;
  return kept.map((text) =>
    text.replace(REFERENCE, (_whole, lead: string, list: string) => `${lead}${list.replace(/[0-9０-９]+/g, (n) => String(renumbered.get(Number(toAscii(n))) ?? n))}`),
  );
}
