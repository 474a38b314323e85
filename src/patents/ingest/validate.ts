// A line of JSON becomes a PatentRecord only if its fields have the shapes the store
// needs; otherwise the reason is reported and the ingest goes on.
import { coreOfId } from '../numbers.ts';
import type { PatentKind, PatentRecord, Region } from '../record.ts';

const REGIONS: Region[] = ['jp', 'us', 'cn'];
const KINDS: PatentKind[] = ['patent', 'application', 'utility', 'design', 'plant', 'reissue', 'sir'];

export class BadRecordError extends Error {}

const stringOrNull = (value: unknown, field: string): string | null => {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') throw new BadRecordError(`${field} is not text`);
  return value;
};

const listOrNull = (value: unknown, field: string): string[] | null => {
  if (value === null || value === undefined) return null;
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) throw new BadRecordError(`${field} is not a list of texts`);
  return value as string[];
};

const dateOrNull = (value: unknown, field: string): string | null => {
  const text = stringOrNull(value, field);
  if (text === null) return null;
  if (!/^\d{8}$/.test(text)) throw new BadRecordError(`${field} "${text}" is not yyyyMMdd`);
  const month = Number(text.slice(4, 6));
  const day = Number(text.slice(6, 8));
  if (month < 1 || month > 12 || day < 1 || day > 31) throw new BadRecordError(`${field} "${text}" is not a date`);
  return text;
};

export function validateRecord(value: unknown): PatentRecord {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new BadRecordError('not a JSON object');
  const input = value as Record<string, unknown>;
  const id = stringOrNull(input.id, 'id');
  if (!id) throw new BadRecordError('id is missing');
  // Hit sets carry ids joined by U+001F (search-repository.ts).
  if (/[\u0000-\u001f]/.test(id)) throw new BadRecordError(`id "${JSON.stringify(id).slice(1, -1)}" holds a control character`);
  const region = input.region as Region;
  if (!REGIONS.includes(region)) throw new BadRecordError(`region "${String(input.region)}" is not jp, us or cn`);
  let number;
  try {
    number = coreOfId(id);
  } catch {
    throw new BadRecordError(`id "${id}" is not a publication number`);
  }
  if (number.region !== region) throw new BadRecordError(`id "${id}" does not belong to region ${region}`);
  const kind = input.kind as PatentKind;
  if (!KINDS.includes(kind)) throw new BadRecordError(`kind "${String(input.kind)}" is unknown`);
  const title = stringOrNull(input.title, 'title');
  const abstract = stringOrNull(input.abstract, 'abstract');
  const claims = listOrNull(input.claims, 'claims');
  const description = stringOrNull(input.description, 'description');
  if (!title && !abstract && !claims?.length && !description) throw new BadRecordError('no text at all (title, abstract, claims, description)');
  const right = input.right;
  if (right !== undefined && right !== null && ![0, 1, 2, 3].includes(right as number)) throw new BadRecordError('right is not 0, 1, 2 or 3');
  return {
    id,
    region,
    kind,
    title,
    abstract,
    claims,
    description,
    ipc: listOrNull(input.ipc, 'ipc'),
    cpc: listOrNull(input.cpc, 'cpc'),
    fi: listOrNull(input.fi, 'fi'),
    fterm: listOrNull(input.fterm, 'fterm'),
    usc: listOrNull(input.usc, 'usc'),
    applicants: listOrNull(input.applicants, 'applicants'),
    inventors: listOrNull(input.inventors, 'inventors'),
    applicationDate: dateOrNull(input.applicationDate, 'applicationDate'),
    publicationDate: dateOrNull(input.publicationDate, 'publicationDate'),
    registrationDate: dateOrNull(input.registrationDate, 'registrationDate'),
    applicationNumber: stringOrNull(input.applicationNumber, 'applicationNumber'),
    right: (right as number | null | undefined) ?? null,
    citations: listOrNull(input.citations, 'citations'),
    procedures: Array.isArray(input.procedures) ? (input.procedures as PatentRecord['procedures']) : null,
    source: stringOrNull(input.source, 'source'),
  };
}
