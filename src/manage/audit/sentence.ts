// An audit entry as a sentence in the reader's language: 「山田 太郎 が 佐藤 花子（sato@example.jp）の
// 利用機能を変更しました：詳細検索 オフ → オン」. Pure code, used by the pages.
import type { AuditEntry } from './repository.ts';
import type { AuditChange } from './rules.ts';
import { formatUsd } from '../gpt-usage/rules.ts';

export type Translate = (key: string, values?: Record<string, unknown>) => string;

const NS = 'manage-audit';

function value(t: Translate, field: string, raw: AuditChange['before']): string {
  const v = (key: string) => t(`values.${key}`, { ns: NS });
  if (typeof raw === 'boolean') return v(raw ? 'on' : 'off');
  if (Array.isArray(raw)) return raw.length ? raw.join(', ') : v(field === 'allowedNetworks' ? 'noRestriction' : 'empty');
  if (raw === null || raw === '') return v('empty');
  if (field === 'language') return v(raw);
  return raw;
}

function changeText(t: Translate, change: AuditChange): string {
  const field = t(`fields.${change.field}`, { ns: NS });
  if (change.field === 'profileImage') return `${field} ${t('values.changed', { ns: NS })}`;
  return t('change', { ns: NS, field, before: value(t, change.field, change.before), after: value(t, change.field, change.after) });
}

const monthName = (month: string, lang: string) =>
  month ? new Intl.DateTimeFormat(lang === 'ja' ? 'ja-JP' : 'en-US', { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${month}T00:00:00Z`)) : '';

export function auditSentence(entry: AuditEntry, t: Translate, lang: string): string {
  const person = (name: string | null, email: string | null) => (name ? t('person', { ns: NS, name, email: email ?? '' }) : '');
  const changes = entry.details.changes ?? [];
  const onlyFeatures = changes.length > 0 && changes.every((c) => c.field.startsWith('feature.'));
  const key = entry.action === 'userChanged' && onlyFeatures ? 'userChangedFeatures' : entry.action;
  const sentence = t(`sentences.${key}`, {
    ns: NS,
    manager: entry.managerName,
    target: person(entry.targetName, entry.targetEmail),
    title: entry.details.noticeTitle ?? '',
    amount: formatUsd(entry.details.amountUsd ?? 0),
    month: monthName(entry.details.month ?? '', lang),
  });
  if (entry.action === 'userAdded') {
    // The features the new user starts with, in brackets after the sentence.
    const on = changes.filter((c) => c.field.startsWith('feature.') && c.after === true).map((c) => t(`fields.${c.field}`, { ns: NS }));
    return on.length ? `${sentence}${t('featuresOn', { ns: NS, features: on.join(t('listSeparator', { ns: NS })) })}` : sentence;
  }
  const detail = changes.map((c) => changeText(t, c)).join(t('separator', { ns: NS }));
  return detail ? `${sentence}${t('details', { ns: NS })}${detail}` : sentence;
}
