// /detail-search/build-query (§2, §4 search flow): the formula builder, with a collapsible
// cheat sheet of the J-PlatPat-style syntax it accepts. The sheet is plain server HTML (a
// <details>), so it opens without JavaScript and its text is not shipped to every page as
// island strings would be.
import type { DetailSearchInput } from '../../src/detail-search/input.ts';
import type { FormulaTag } from '../../src/patents/query/formula.ts';
import { Island } from '../Island.tsx';
import type { NotRestored } from '../../src/detail-search/input.ts';
import { usePage } from '../page-context.tsx';
import { PageHeader } from '../components/PageHeader.tsx';

export interface BuildQueryPageProps {
  /** The form as it opens: empty, or a stored search restored (§4: lang, combination, formulas, memo). */
  initial: DetailSearchInput;
  /** Whether GPT generation is available (otherwise the GPT mode offers the extraction without GPT). */
  gptConfigured: boolean;
  /** Id of the stored search the input came from, or null for a new search. */
  restoredFrom: string | null;
  /** Parts of the stored search that were not restored (the banner names them). */
  notRestored?: NotRestored[];
}

function useDetailT() {
  const { t } = usePage();
  return (key: string, values?: Record<string, unknown>) => t(key, { ns: 'detail-search', ...values });
}

/** Examples of the sheet: a formula in each language's words, its tag, and the key of its meaning. */
export const HELP_SECTIONS: Array<{ key: string; examples: Array<{ ja: string; en: string; tag: FormulaTag; meaning: string }> }> = [
  {
    key: 'operators',
    examples: [
      { ja: '電池*電極', en: 'battery*electrode', tag: 'abst_claim_desc_title', meaning: 'and' },
      { ja: '電池+バッテリ', en: 'battery+cell', tag: 'abst_claim_desc_title', meaning: 'or' },
      // Spaced in English: battery-fuel reads as a hyphenated word, and the builder warns about it (warnings.ts).
      { ja: '電池-燃料', en: 'battery - fuel', tag: 'abst_claim_desc_title', meaning: 'not' },
      { ja: '(電池+バッテリ)*(正極+カソード)', en: '(battery+cell)*(cathode+anode)', tag: 'abst_claim_desc_title', meaning: 'group' },
    ],
  },
  {
    key: 'fields',
    examples: [
      { ja: '(電池+バッテリ)/CL', en: '(battery+cell)/CL', tag: 'abst_claim_desc_title', meaning: 'claims' },
      { ja: '正極/AB*電解液/TI', en: 'cathode/AB*electrolyte/TI', tag: 'abst_claim_desc_title', meaning: 'abstractTitle' },
      { ja: 'H01M10/IP+5H029/FT', en: 'H01M10/IP+H01M4/CP', tag: 'abst_claim_desc_title', meaning: 'classes' },
    ],
  },
  {
    key: 'proximity',
    examples: [
      { ja: 'リチウム,5C,正極', en: 'lithium,5C,cathode', tag: 'abst_claim_desc_title', meaning: 'ordered' },
      { ja: 'リチウム,5N,正極', en: 'lithium,5N,cathode', tag: 'abst_claim_desc_title', meaning: 'unordered' },
    ],
  },
  {
    key: 'dates',
    examples: [
      { ja: '20200101:20231231', en: '20200101:20231231', tag: 'appdate', meaning: 'range' },
      { ja: '20200101:', en: '20200101:', tag: 'appdate', meaning: 'from' },
      { ja: ':20201231', en: ':20201231', tag: 'appdate', meaning: 'to' },
    ],
  },
  {
    key: 'classes',
    examples: [
      { ja: 'H01M10/05', en: 'H01M10/05', tag: 'ipc', meaning: 'prefix' },
      { ja: 'H01M+H01G', en: 'H01M+H01G', tag: 'ipc', meaning: 'either' },
    ],
  },
  {
    key: 'combination',
    examples: [
      { ja: '(1+2)*3-4', en: '(1+2)*3-4', tag: 'abst_claim_desc_title', meaning: 'combine' },
      { ja: '1*2', en: '1*2', tag: 'abst_claim_desc_title', meaning: 'both' },
    ],
  },
];

const FIELD_TAGS = ['TX', 'CL', 'AB', 'TI', 'DE', 'IP', 'FI', 'FT', 'CP'] as const;

export function SyntaxHelp() {
  const t = useDetailT();
  const { lang } = usePage();
  return (
    <details className="panel fb-help" data-testid="syntax-help">
      <summary className="fb-help__summary">
        <span className="fb-help__title">{t('buildQuery.help.title')}</span>
        <span className="fb-help__lead">{t('buildQuery.help.lead')}</span>
      </summary>
      <div className="fb-help__grid">
        {HELP_SECTIONS.map(({ key, examples }) => (
          <section key={key} className="fb-help__section" aria-labelledby={`fb-help-${key}`}>
            <h3 id={`fb-help-${key}`} className="fb-help__heading">
              {t(`buildQuery.help.${key}.title`)}
            </h3>
            <p className="fb-help__text">{t(`buildQuery.help.${key}.text`)}</p>
            <dl className="fb-help__examples">
              {examples.map((example) => (
                <div key={example.meaning}>
                  <dt>
                    <code>{example[lang]}</code>
                  </dt>
                  <dd>{t(`buildQuery.help.${key}.${example.meaning}`)}</dd>
                </div>
              ))}
            </dl>
            {key === 'fields' && (
              <p className="fb-help__tags">
                {FIELD_TAGS.map((tag) => (
                  <span key={tag} className="fb-help__tag">
                    <code>/{tag}</code> {t(`buildQuery.help.fields.tags.${tag}`)}
                  </span>
                ))}
              </p>
            )}
          </section>
        ))}
      </div>
      <p className="fb-help__note">{t('buildQuery.help.note')}</p>
    </details>
  );
}

export function BuildQueryPage({ initial, gptConfigured, restoredFrom, notRestored = [] }: BuildQueryPageProps) {
  const t = useDetailT();
  return (
    <div className="page build-query-page">
      <PageHeader title={t('buildQuery.title')} lead={t('buildQuery.lead')} />
      <SyntaxHelp />
      <Island name="FormulaBuilder" props={{ initial, gptConfigured, restoredFrom, notRestored }} />
    </div>
  );
}
