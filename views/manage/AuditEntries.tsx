// Audit entries as sentences with their time (Japan time), for the log page and a user's detail.
import type { AuditEntry } from '../../src/manage/audit/repository.ts';
import { auditSentence } from '../../src/manage/audit/sentence.ts';
import { formatExecDate } from '../../src/history/shared.ts';
import { usePage } from '../page-context.tsx';

export function AuditEntries({ entries, testId = 'audit-entries' }: { entries: AuditEntry[]; testId?: string }) {
  const { t, lang } = usePage();
  const translate = (key: string, values?: Record<string, unknown>) => t(key, values);
  return (
    <ol className="audit-entries" data-testid={testId}>
      {entries.map((entry) => (
        <li key={entry.id} className="audit-entries__item" data-action={entry.action}>
          <time dateTime={entry.createdAt}>{formatExecDate(entry.createdAt)}</time>
          <span className="audit-entries__text">{auditSentence(entry, translate, lang)}</span>
        </li>
      ))}
    </ol>
  );
}
