// Jepson claims and claims set in a larger thing: "In a hydraulic system for a heavy equipment …, the
// hydraulic system including a plurality of hydraulic pumps …, the improvements comprising: a straight
// traveling control valve …" (US7155908B2), "Within a mobile communications device, a method of roaming
// … comprising: …" (US7315742B2), "In an apparatus comprising an internal combustion engine, …, a
// method of diagnosing a performance of an oxygen sensor, comprising: …" (US7861515B2). Read as one
// sentence the claimed thing became "In a hydraulic system" and the setting was lost. The claimed thing
// is what the improvement is made in (or the method named after the setting), its elements those of the
// improvement; the setting is kept as the claim's preamble, opening on "In"/"Within", for the
// background to describe.
import { readClaims, type ReadClaim } from './claims.ts';
import { article } from './english-number.ts';
import { englishParts } from './english-parts.ts';
import { escapeRegExp } from './text.ts';

/** "In a …, the improvement(s) comprising:" / ", wherein the improvement comprises". */
const IMPROVEMENT = /,?\s*(?:wherein\s+)?the\s+improvements?\s+(?:which\s+comprises?|that\s+comprises?|comprising|comprises?|including|includes?|consisting\s+of|consists\s+of|being|is|wherein)\b\s*:?\s*/i;
const SETTING = /^(in|within)\s+(?:an?|the)\s+/i;
/** A method or process claimed within the setting: ", a method of roaming …". */
const SET_METHOD = /,\s+(?=(?:an?|the)\s+(?:improved\s+)?(?:method|process)\b)/i;
/** The setting's own name: up to its clauses ("…, the hydraulic system including …", "… comprising an engine, …"). */
const SETTING_NAME_END = /(?:,\s*(?:the|said|which|wherein)\b|\s+(?:comprising|including|having|which|that|wherein|consisting)\b).*$/is;

/**
 * The Jepson reading of an English independent claim, or the claim as read when it is not one; either
 * with its components named as a drawing shows them (english-parts.ts).
 */
export async function jepsonRead(claim: ReadClaim): Promise<ReadClaim> {
  const read = await settingRead(claim);
  if (read.language !== 'en') return read;
  const parts = englishParts(read);
  if (settings.has(read)) settings.set(parts, settings.get(read)!);
  return parts;
}

/** "An improved glove employable by a user for mixed martial arts, the glove being …, wherein the improvement includes: …" (US20130014306A1). */
const IMPROVED = /^(?:an?|the)\s+improved\s+/i;
/** Where the improved thing's name ends: its use and what it is ("… employable by a user for mixed martial arts"). */
const IMPROVED_NAME_END = /\s+(?:employable|usable|useful|adapted|configured|suitable|designed|intended|for|of|to|in|on|with|by)\b.*$/is;

async function settingRead(claim: ReadClaim): Promise<ReadClaim> {
  const improved = claim.language === 'en' && claim.independent && IMPROVED.test(claim.text) ? IMPROVEMENT.exec(claim.text) : null;
  if (!improved && (claim.language !== 'en' || !claim.independent || !SETTING.test(claim.text))) return claim;
  const improvement = improved ?? IMPROVEMENT.exec(claim.text);
  let setting: string;
  let own: string;
  if (improved) {
    // The improved thing is claimed with the improvement's elements; what it is besides is its setting.
    setting = claim.text.slice(0, improved.index);
    const name = setting.replace(/^(?:an?|the)\s+/i, '').replace(SETTING_NAME_END, '').replace(IMPROVED_NAME_END, '').trim();
    own = `A ${name} comprising: ${claim.text.slice(improved.index + improved[0].length)}`;
  } else if (improvement) {
    setting = claim.text.slice(0, improvement.index);
    const name = setting.replace(SETTING, '').replace(SETTING_NAME_END, '').trim();
    own = `A ${name} comprising: ${claim.text.slice(improvement.index + improvement[0].length)}`;
  } else {
    const start = SET_METHOD.exec(claim.text)?.index ?? restatedThing(claim.text);
    if (start === undefined) return claim;
    setting = claim.text.slice(0, start);
    own = claim.text.slice(start).replace(/^,\s+/, '');
  }
  const [read] = await readClaims([own]);
  if (!read || read.parts.length === 0) return claim;
  const jepson = { ...read, number: claim.number, refersTo: claim.refersTo, independent: true, preamble: setting.trim() };
  settings.set(jepson, Boolean(improvement));
  return jepson;
}

/** The claims read here with a setting (true: an improvement made in it); another claim's preamble may open on "In" too. */
const settings = new WeakMap<ReadClaim, boolean>();

/**
 * Where the thing claimed in a setting begins: "In a device comprising an operating system and a web server,
 * a device model agent (DMA) in communication with …, the DMA comprising: …" (US20050004974A1) names it
 * again before its transition; it is the last ", a …" before that which that name is in.
 */
function restatedThing(text: string): number | undefined {
  const restated = /,\s*(?:the|said)\s+([\w\- ]+?)\s+(?:comprising|including|having)\s*:/i.exec(text);
  if (!restated) return undefined;
  const own = new RegExp(`\\b${escapeRegExp(restated[1]!)}\\b`, 'i');
  const starts = [...text.slice(0, restated.index).matchAll(/,\s+(?=(?:an?)\s)/gi)].map((match) => match.index);
  return starts.reverse().find((at) => own.test(text.slice(at, restated.index)));
}

/**
 * The setting of a Jepson claim as the background says it: "The present disclosure concerns an
 * improvement in a hydraulic system for …, the hydraulic system including …", "… concerns a
 * method of roaming … within a mobile communications device" or "… concerns a device model agent
 * (DMA) in a device comprising …"; '' for another claim.
 */
export function jepsonBackground(claim: ReadClaim): string {
  // "An improved glove employable by a user …, the glove being …": an improvement in a glove employable by a user …, the glove being ….
  const improved = settings.get(claim) ? IMPROVED.exec(claim.preamble) : null;
  if (improved) {
    const thing = claim.preamble.slice(improved[0].length).replace(/[,;:\s]+$/, '');
    return `The present disclosure concerns an improvement in ${article(thing)}.`;
  }
  const setting = settings.has(claim) ? SETTING.exec(claim.preamble) : null;
  if (!setting) return '';
  const place = `${setting[1]!.toLowerCase()} ${claim.preamble.slice(setting[1]!.length).trim()}`.replace(/[,;:\s]+$/, '');
  const thing = settings.get(claim) ? 'an improvement' : article(claim.subject);
  return `The present disclosure concerns ${thing} ${place}.`;
}
