// One publication as the ingest produces it and the store keeps it. The field names
// follow ../shared/corpus (JSON Lines) so a corpus line is already a PatentRecord.
export type Region = 'jp' | 'us' | 'cn';

/** patent (granted), application (unexamined / pre-grant), utility model, design, plant, reissue, sir. */
export type PatentKind = 'patent' | 'application' | 'utility' | 'design' | 'plant' | 'reissue' | 'sir';

/** A procedure record of the intermediate information tab (§2): submissions, dispatches, … */
export interface ProcedureRecord {
  /** yyyyMMdd */
  date: string;
  /** Office code of the document type, e.g. 'A131'; its Japanese title is looked up by code. */
  code: string | null;
  /** Title as given by the source, when there is no code. */
  title: string | null;
}

export interface PatentRecord {
  /** Publication number without separators, with the kind code when known: US7783348B2, JP2000174797A. */
  id: string;
  region: Region;
  kind: PatentKind;
  title: string | null;
  abstract: string | null;
  /** Claims in document order, each the full text of one claim. */
  claims: string[] | null;
  /** Plain text, one paragraph or heading per line. */
  description: string | null;
  /** 'H04L 9/32' style (subclass, space, main group/subgroup). */
  ipc: string[] | null;
  cpc: string[] | null;
  fi?: string[] | null;
  fterm?: string[] | null;
  usc?: string[] | null;
  applicants: string[] | null;
  inventors: string[] | null;
  /** yyyyMMdd */
  applicationDate: string | null;
  publicationDate: string | null;
  registrationDate?: string | null;
  applicationNumber?: string | null;
  /** Legal status (§5 right tag): 0, 1 or 2 (3 for a Chinese utility model); null when unknown. */
  right?: number | null;
  citations: string[] | null;
  procedures?: ProcedureRecord[] | null;
  /** Where the record came from (provenance). */
  source: string | null;
}
