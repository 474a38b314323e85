// Account info as pages and the API see it (SPEC §3 "Account info").
export type AuthorityCD = 'auth_user' | 'auth_adopter';
export type LanguageCD = 'lang_ja' | 'lang_en';

export interface FeatureFlags {
  simple: boolean;
  detail: boolean;
  priorart: boolean;
  patent_creation_support: boolean;
}

export interface AccountInfo {
  uid: string;
  email: string;
  userName: string;
  companyCD: string;
  companyName: string;
  authorityCD: AuthorityCD;
  languageCD: LanguageCD;
  profileImg: string | null;
  mfa: { enable: boolean; isregist: boolean };
  /** Users only: which features are switched on (§6). */
  enable?: FeatureFlags;
}

/** Features an account without a record falls back to (§6): simple search and history on. */
export const DEFAULT_FEATURES: FeatureFlags = { simple: true, detail: false, priorart: false, patent_creation_support: false };
