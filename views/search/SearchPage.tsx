// Simple search (§1, §2): keywords with synonyms, excluded words, region and filters;
// hit count, applicant ranking that narrows the list, and the paged result list.
import type { ResultView, SimpleSearchResult } from '../../src/search/service.ts';
import { VARIANT_COUNT_CAP, type SpellingSuggestion } from '../../src/search/variants.ts';
import { SEARCH_EXAMPLES, type SimpleSearchInput } from '../../src/search/validation.ts';
import { SearchResults, type AddressChanges } from './SearchResults.tsx';
import { usePage } from '../page-context.tsx';
import { PageHeader } from '../components/PageHeader.tsx';

export interface SearchPageProps {
  form: { q: string; exclude: string; region: 'jp' | 'us' | 'cn' };
  input: SimpleSearchInput | null;
  view: ResultView;
  result: SimpleSearchResult | null;
  error: { errcode: string; detail: string } | null;
  /** Spelling variants of the keywords that documents use and the search did not name. */
  spelling?: SpellingSuggestion[];
}


/** The search's parameters (what /search, the map API and the exports all read). */
export function searchParameters(input: SimpleSearchInput, form: SearchPageProps['form'], changes: AddressChanges = {}): URLSearchParams {
  const params = new URLSearchParams({ q: form.q, exclude: form.exclude, region: input.region });
  for (const key of ['patent', 'public', 'utility', 'expired'] as const) params.set(key, input.filter[key] ? '1' : '0');
  for (const applicant of changes.applicants ?? input.applicants) params.append('applicant', applicant);
  return params;
}

function searchAddress(input: SimpleSearchInput, form: SearchPageProps['form'], view: ResultView, changes: AddressChanges = {}): string {
  const params = searchParameters(input, form, changes);
  params.set('sort', changes.sort ?? input.order);
  const target = changes.view ?? view;
  if (target !== 'list') params.set('view', target);
  if ((changes.page ?? 1) > 1) params.set('page', String(changes.page));
  return `/search?${params}`;
}

/** The same search started again (first page, every applicant, same order) with other keywords or in another region. */
function searchAgainAddress(input: SimpleSearchInput, form: SearchPageProps['form'], changes: { q?: string; region?: SimpleSearchInput['region'] }): string {
  const region = changes.region ?? input.region;
  return `/search?${searchParameters({ ...input, region }, { ...form, q: changes.q ?? form.q, region }, { applicants: [] })}&sort=${input.order}`;
}

export function SearchPage({ form, input, view, result, error, spelling = [] }: SearchPageProps) {
  const { t: translate } = usePage();
  const t = useSearchT();
  const region = input?.region ?? form.region;
  const filter = input?.filter ?? { patent: true, public: true, utility: true, expired: false };
  const otherScriptRegions = scriptRegions(form.q, region);
  return (
    <div className="page search-page">
      <PageHeader title={t('search.title')} lead={t('search.lead')} />
      <form className="panel search-form" method="get" action="/search" role="search">
        <div className="search-form__row">
          <label className="form__field search-form__keywords">
            <span className="form__label">{t('search.keywords')}</span>
            <input className="input" name="q" defaultValue={form.q} placeholder={t('search.keywordsPlaceholder', { example: SEARCH_EXAMPLES[region] })} aria-invalid={error ? true : undefined} />
          </label>
          <label className="form__field search-form__region">
            <span className="form__label">{t('search.region')}</span>
            <select className="input" name="region" defaultValue={region}>
              {(['jp', 'us', 'cn'] as const).map((code) => (
                <option key={code} value={code}>
                  {t(`search.regions.${code}`)}
                </option>
              ))}
            </select>
          </label>
          <button className="button button--primary search-form__submit" type="submit">
            {t('search.submit')}
          </button>
        </div>
        <div className="search-form__row">
          <label className="form__field search-form__exclude">
            <span className="form__label">{t('search.exclude')}</span>
            <input className="input" name="exclude" defaultValue={form.exclude} placeholder={t('search.excludePlaceholder')} />
          </label>
          <fieldset className="search-form__filters">
            <legend className="form__label">{t('search.filter')}</legend>
            {(['patent', 'public', 'utility', 'expired'] as const).map((key) => (
              <label key={key} className="checkbox">
                <input type="hidden" name={key} value="0" />
                <input type="checkbox" name={key} value="1" defaultChecked={filter[key]} />
                {t(`search.filters.${key}`)}
              </label>
            ))}
          </fieldset>
        </div>
        <p className="search-form__hint">{t('search.hint')}</p>
        {error && (
          <p className="form__alert" role="alert" data-errcode={error.errcode}>
            {error.detail}
          </p>
        )}
      </form>

      {input && spelling.length > 0 && (
        <div className="search-variants" data-testid="spelling-variants">
          {spelling.map((suggestion) => (
            <p key={suggestion.keyword}>
              {t('search.variants.found', {
                keyword: suggestion.keyword,
                variants: suggestion.variants
                  .map(({ term, documents }) => t('search.variants.variant', { term, count: documents, documents: documents >= VARIANT_COUNT_CAP ? `${VARIANT_COUNT_CAP.toLocaleString('en-US')}+` : documents.toLocaleString('en-US') }))
                  .join(t('search.variants.separator')),
              })}{' '}
              <a href={searchAgainAddress(input, form, { q: suggestion.q })}>{t('search.variants.add')}</a>
            </p>
          ))}
        </div>
      )}

      {result && input && result.totalHitCount === 0 && otherScriptRegions.length > 0 && (
        <div className="search-variants" data-testid="script-hint">
          <p>{t(`search.otherScript.${region}`)}</p>
          <p className="search-variants__links">
            {otherScriptRegions.map((other) => (
              <a key={other} href={searchAgainAddress(input, form, { region: other })}>
                {t('search.otherScript.searchIn', { region: t(`search.regions.${other}`) })}
              </a>
            ))}
          </p>
        </div>
      )}

      {result && input && (
        <SearchResults
          result={result}
          view={view}
          order={input.order}
          applicants={input.applicants}
          addressing={{
            address: (changes) => searchAddress(input, form, view, changes),
            narrowForm: { action: '/search', fields: [...searchParameters(input, form, { applicants: [] })] },
            exportHref: (format) => `/search/export.${format}?${searchParameters(input, form)}&sort=${input.order}`,
            mapSource: `/api/search/map?${searchParameters(input, form)}`,
          }}
        />
      )}
    </div>
  );
}

/**
 * Where keywords that found nothing are written in another script than the region's documents (English words over
 * Japanese gazettes, 「電池」 over US patents), the regions whose documents are written in it: the search matches
 * words as written and does not translate them.
 */
export function scriptRegions(keywords: string, region: 'jp' | 'us' | 'cn'): Array<'jp' | 'us' | 'cn'> {
  const cjk = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(keywords);
  const kana = /[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(keywords);
  if (region !== 'us') return !cjk && /[A-Za-z]/.test(keywords) ? ['us'] : [];
  return cjk ? (kana ? ['jp'] : ['jp', 'cn']) : [];
}

function useSearchT() {
  const { t } = usePage();
  return (key: string, values?: Record<string, unknown>) => t(key, { ns: 'search', ...values });
}
