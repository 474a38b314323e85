// Drafting checks (beyond the spec; what attorneys check by hand): antecedent basis, claim
// dependencies, support in the description, reference signs, figures, lengths and notation (表記ゆれ) — each finding
// with a link to its place in the document. Run again whenever a new version is saved.
import { useCallback, useEffect, useState } from 'react';
import { apiRequest } from '../api.ts';
import { useT } from '../i18n.tsx';

export interface Finding {
  check: string;
  severity: 'error' | 'warning';
  section: string;
  item?: number;
  text: string;
  message: string;
}

/** The DOM id of an item of the document (claims.2 → item-claims-2). */
export const itemAnchor = (key: string) => `item-${key.replace(/\./g, '-')}`;

export function ChecksPanel({ id, version }: { id: string; version: number }) {
  const t = useT();
  const [findings, setFindings] = useState<Finding[] | null>(null);
  const [failed, setFailed] = useState(false);
  const run = useCallback(async () => {
    try {
      const answer = await apiRequest<{ findings: Finding[] }>('user', `/patent-document-edit/checks?id=${encodeURIComponent(id)}`, { method: 'GET' });
      setFindings(answer.findings);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [id]);
  useEffect(() => {
    void run();
  }, [run, version]);

  const placeOf = (finding: Finding) => (finding.item !== undefined && (finding.section === 'claims' || finding.section === 'drawings') ? `${finding.section}.${finding.item}` : finding.section);
  return (
    <section className="panel document-editor__checks" data-testid="checks-panel">
      <h2 className="panel__title">{t('documentEditor.checks.title')}</h2>
      {failed && <p className="form__alert">{t('documentEditor.checks.failed')}</p>}
      {findings === null && !failed && <p className="fb-hint">{t('documentEditor.checks.running')}</p>}
      {findings?.length === 0 && <p className="form__notice">{t('documentEditor.checks.none')}</p>}
      {findings && findings.length > 0 && (
        <ul className="document-editor__findings">
          {findings.map((finding, i) => (
            <li key={i} className={`is-${finding.severity}`} data-check={finding.check}>
              <a href={`#${itemAnchor(placeOf(finding))}`}>{finding.message}</a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
