// /priorart/print?id= : the claim chart of a finished examination simulation as a page a patent
// attorney prints (A4 landscape, views/styles.css "Printable claim chart") and attaches to a
// report: the conclusion on top, then the elements as rows against the main, secondary and up
// to two more charted documents, each cell the verdict, where the evidence is and its words.
import type { Verdict } from '../../src/priorart/evidence.ts';
import { usePage } from '../page-context.tsx';

export interface PrintedEvidence {
  verdict: Verdict;
  /** 【0012】 / claim 3, already in the reader's language; null when nothing was found. */
  location: string | null;
  snippet: Array<{ text: string; marked: boolean }>;
  /** What the passage states that meets the element's numerical limitations (or that it states none); null without any. */
  limit: string | null;
}

export interface PrintedDocument {
  documentId: string;
  number: string;
  title: string;
  applicant: string;
  /** Already translated: 主引用文献 / 副引用文献 / —. */
  role: string;
  matchRate: number;
  /** By element id. */
  evidence: Record<number, PrintedEvidence>;
}

export interface PrintChartPageProps {
  rank: string;
  rankDescription: string;
  date: string;
  ipc: string;
  /** How documents in another language were compared (translation-note.ts translationLines); empty when none was. */
  translation: string[];
  elements: Array<{ id: number; label: string; text: string; preamble: boolean; subject?: boolean }>;
  documents: PrintedDocument[];
}

const MARKS: Record<Verdict, string> = { disclosed: '○', partly: '△', not_found: '×' };

export function PrintChartPage({ rank, rankDescription, date, ipc, translation, elements, documents }: PrintChartPageProps) {
  const { t } = usePage();
  const p = (key: string) => t(`priorartExport.${key}`, { ns: 'priorart-export' });
  const verdicts = Object.keys(MARKS) as Verdict[];
  return (
    <div className="print-chart">
      <p className="print-chart__hint">
        {p('print.hint')} <a href="/history">{p('print.back')}</a>
      </p>
      <header className="print-chart__header">
        <div className="print-chart__rank" data-testid="print-rank">
          <span className="print-chart__rank-label">{p('summary.rank')}</span>
          <span className="print-chart__rank-value">{rank}</span>
        </div>
        <div className="print-chart__summary">
          <h1 className="print-chart__title">{p('print.heading')}</h1>
          <p className="print-chart__description">{rankDescription}</p>
          <dl className="print-chart__facts">
            <div>
              <dt>{p('summary.date')}</dt>
              <dd>{date}</dd>
            </div>
            <div>
              <dt>{p('summary.ipc')}</dt>
              <dd>{ipc || p('summary.none')}</dd>
            </div>
            {translation.length > 0 && (
              <div>
                <dt>{t('result.translation.label', { ns: 'priorart' })}</dt>
                <dd data-testid="print-translation">
                  {translation.map((line, i) => (
                    <span key={i} className="print-chart__translation">
                      {line}
                    </span>
                  ))}
                </dd>
              </div>
            )}
            <div>
              <dt>{p('summary.legend')}</dt>
              <dd>
                {verdicts.map((verdict) => (
                  <span key={verdict} className={`print-chart__legend print-chart__verdict--${verdict}`}>
                    {MARKS[verdict]} {p(`verdicts.${verdict}`)}
                  </span>
                ))}
              </dd>
            </div>
          </dl>
        </div>
      </header>
      {documents.length === 0 && <p>{p('print.noDocument')}</p>}
      <table className="print-chart__table">
        <thead>
          <tr>
            <th scope="col" className="print-chart__element-head">
              {p('print.elementColumn')}
            </th>
            {documents.map((document) => (
              <th scope="col" key={document.documentId} className="print-chart__document">
                <span className="print-chart__role">{document.role}</span>
                <span className="print-chart__number">{document.number}</span>
                <span className="print-chart__doc-title">{document.title}</span>
                {document.applicant && <span className="print-chart__applicant">{document.applicant}</span>}
                <span className="print-chart__rate">
                  {p('columns.matchRate')} {Math.round(document.matchRate * 1000) / 10}%
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {elements.map((element) => (
            <tr key={element.id}>
              <th scope="row" className="print-chart__element">
                <span className="print-chart__label">{element.label}</span>
                <span>
                  {element.text}
                  {element.preamble && ` ${p(element.subject ? 'summary.subject' : 'summary.preamble')}`}
                </span>
              </th>
              {documents.map((document) => {
                const evidence = document.evidence[element.id];
                const verdict = evidence?.verdict ?? 'not_found';
                return (
                  <td key={document.documentId} className={`print-chart__cell print-chart__verdict--${verdict}`}>
                    <span className="print-chart__mark">
                      {MARKS[verdict]} {p(`verdicts.${verdict}`)}
                    </span>
                    {evidence?.location && <span className="print-chart__location">{evidence.location}</span>}
                    {evidence && evidence.snippet.length > 0 && (
                      <span className="print-chart__snippet">{evidence.snippet.map((part, i) => (part.marked ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>))}</span>
                    )}
                    {evidence?.limit && <span className="print-chart__limit">{evidence.limit}</span>}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
