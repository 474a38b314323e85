// The before/after of an edited section with its differences marked (§1 GPT-instructed edits):
// word by word for English, character by character for Japanese (no spaces to split words at),
// with jsdiff. A character diff of Japanese left as it is reads as confetti (「第[１→２]の[電極→導体]」),
// so a one-character unchanged run between two changes is folded into them and the change reads
// as a phrase (「[第１の電極→第２の導体]」 less the shared 「第」); in English the same is done for
// the single space between two changed words.
import { diffChars, diffWordsWithSpace } from 'diff';
import type { DocumentLanguage } from './model.ts';

export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

type Group = { same: string } | { removed: string; added: string };

/** Whether an unchanged run between two changes is too small to read on its own. */
const tiny = (text: string, lang: DocumentLanguage): boolean => (lang === 'ja' ? [...text].length <= 1 : /^[ \t]+$/.test(text));

export function diffText(before: string, after: string, lang: DocumentLanguage): DiffPart[] {
  if (before === after) return before === '' ? [] : [{ kind: 'same', text: before }];
  const changes = lang === 'ja' ? diffChars(before, after) : diffWordsWithSpace(before, after);

  // Neighbouring removals and additions are one change: what was there, and what replaces it.
  const groups: Group[] = [];
  for (const change of changes) {
    const last = groups.at(-1);
    if (!change.added && !change.removed) groups.push({ same: change.value });
    else if (last && 'removed' in last) {
      if (change.removed) last.removed += change.value;
      else last.added += change.value;
    } else groups.push(change.removed ? { removed: change.value, added: '' } : { removed: '', added: change.value });
  }

  // Fold a tiny unchanged run into the changes on both sides of it.
  const folded: Group[] = [];
  for (let i = 0; i < groups.length; i++) {
    const group = groups[i]!;
    const previous = folded.at(-1);
    const next = groups[i + 1];
    if ('same' in group && previous && 'removed' in previous && next && 'removed' in next && tiny(group.same, lang)) {
      previous.removed += group.same + next.removed;
      previous.added += group.same + next.added;
      i++;
    } else folded.push('same' in group ? { ...group } : { ...group });
  }

  const parts: DiffPart[] = [];
  for (const group of folded) {
    if ('same' in group) parts.push({ kind: 'same', text: group.same });
    else {
      if (group.removed) parts.push({ kind: 'removed', text: group.removed });
      if (group.added) parts.push({ kind: 'added', text: group.added });
    }
  }
  return parts;
}
