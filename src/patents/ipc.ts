// IPC symbols (CPC shares their hierarchy): "G06F 16/30" at each level of the scheme.
// Pure, so the browser islands use it as well as the server.

export interface IpcLevels {
  /** "G" */
  section: string;
  /** "G06" */
  class: string;
  /** "G06F" */
  subclass: string;
  /** "G06F 16/00"; null when the entry stops at the subclass. */
  group: string | null;
}

/**
 * The codes of one IPC entry at each level: "G06F 16/30" → G, G06, G06F, "G06F 16/00".
 * Entries written without a space, with leading zeros or in full-width characters are
 * read too; an entry that is not an IPC symbol gives null, one with only a subclass
 * ("G06F") gives no main group.
 */
export function ipcCodes(entry: string): IpcLevels | null {
  const match = /^([A-H])(\d{2})([A-Z])(?:\s*(\d{1,4})\s*\/\s*\d+)?/.exec(entry.normalize('NFKC').trim().toUpperCase());
  if (!match) return null;
  const [, section, klass, subclass, mainGroup] = match as unknown as [string, string, string, string, string | undefined];
  const subclassCode = `${section}${klass}${subclass}`;
  return {
    section,
    class: `${section}${klass}`,
    subclass: subclassCode,
    group: mainGroup === undefined ? null : `${subclassCode} ${Number(mainGroup)}/00`,
  };
}

/**
 * The inferred subclasses worth showing: at most `max`, the first always, the others only where
 * their share rounds to 1 % or more. 「A63F 0%」 beside 「H01L 66%」 says nothing to a reader.
 */
export function shownSubclasses<T extends { score: number }>(subclasses: readonly T[], max = 5): T[] {
  return subclasses.slice(0, max).filter((entry, at) => at === 0 || Math.round(entry.score * 100) >= 1);
}
