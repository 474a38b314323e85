// Every migration, in order. A new migration is a new file here and a new line below.
import type { Knex } from 'knex';
import * as foundation from './20261121000000_foundation.ts';
import * as signIn from './20261121010000_sign_in.ts';
import * as patents from './20261121020000_patents.ts';
import * as patentsRankVector from './20261121030000_patents_rank_vector.ts';
import * as queries from './20261121040000_queries.ts';
import * as backgroundJobs from './20261121050000_background_jobs.ts';
import * as formulaSearch from './20261121060000_formula_search.ts';
import * as gptUsage from './20261121070000_gpt_usage.ts';
import * as japaneseNumberCores from './20261123000000_japanese_number_cores.ts';
import * as applicants from './20261123010000_applicants.ts';
import * as jobsEndQueries from './20261123000000_jobs_end_queries.ts';
import * as signInLocks from './20261123010000_sign_in_locks.ts';
import * as jobTypesForFeatures from './20261124000000_job_types_for_features.ts';
import * as companyGptDefault from './20261126000000_company_gpt_default.ts';
import * as notices from './20261126000000_notices.ts';
import * as patentDocuments from './20261127000000_patent_documents.ts';
import * as gptQuotaAdditions from './20261126010000_gpt_quota_additions.ts';
import * as managerAuditLog from './20261128000000_manager_audit_log.ts';
import * as priorartCharts from './20261129000000_priorart_charts.ts';
import * as patentsLz4Toast from './20261129000000_patents_lz4_toast.ts';
import * as queriesTotalHitCount from './20261130000000_queries_total_hit_count.ts';
import * as patentDescriptionSegments from './20261201000000_patent_description_segments.ts';

export interface Migration {
  name: string;
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

export const migrations: Migration[] = [
  { name: '20261121000000_foundation', ...foundation },
  { name: '20261121010000_sign_in', ...signIn },
  { name: '20261121020000_patents', ...patents },
  { name: '20261121030000_patents_rank_vector', ...patentsRankVector },
  { name: '20261121040000_queries', ...queries },
  { name: '20261121050000_background_jobs', ...backgroundJobs },
  { name: '20261121060000_formula_search', ...formulaSearch },
  { name: '20261121070000_gpt_usage', ...gptUsage },
  { name: '20261123000000_japanese_number_cores', ...japaneseNumberCores },
  { name: '20261123010000_applicants', ...applicants },
  { name: '20261123000000_jobs_end_queries', ...jobsEndQueries },
  { name: '20261123010000_sign_in_locks', ...signInLocks },
  { name: '20261124000000_job_types_for_features', ...jobTypesForFeatures },
  { name: '20261126000000_company_gpt_default', ...companyGptDefault },
  { name: '20261126000000_notices', ...notices },
  { name: '20261127000000_patent_documents', ...patentDocuments },
  { name: '20261126010000_gpt_quota_additions', ...gptQuotaAdditions },
  { name: '20261128000000_manager_audit_log', ...managerAuditLog },
  { name: '20261129000000_priorart_charts', ...priorartCharts },
  { name: '20261129000000_patents_lz4_toast', ...patentsLz4Toast },
  { name: '20261130000000_queries_total_hit_count', ...queriesTotalHitCount },
  { name: '20261201000000_patent_description_segments', ...patentDescriptionSegments },
];
