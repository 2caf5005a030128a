import { useState } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '../../services/contract/platform.ts';
import { loadAuditPage } from '../../src/flows/review.ts';
import { LoadStatus } from './LoadStatus.tsx';
import { Pager } from '../common/Pager.tsx';
import { SearchPage } from './SearchPage.tsx';
import { PAGE_SIZE, usePlatformFormat } from '../common/platformFormat.ts';
import { usePlatformLoad } from './usePlatformLoad.ts';
import { Field } from '../../src/ui/Field.tsx';

/** `/plateform/audit`: what operators did, newest first, optionally about one subject. */
export default function AuditLogScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { subjectId?: string; page?: number };
  const page = search.page ?? 1;
  const [subject, setSubject] = useState(search.subjectId ?? '');
  const go = (subjectId: string | undefined, nextPage: number) =>
    void navigate({ to: '/plateform/audit', search: { ...(subjectId ? { subjectId } : {}), ...(nextPage > 1 ? { page: nextPage } : {}) } as never });
  const fields = (
    <Field id="platform-audit-subject" label={t('platform.audit.subjectLabel')}>
      <input id="platform-audit-subject" className="kw-plt-input" type="search" value={subject} maxLength={64} autoComplete="off" onChange={(event) => setSubject(event.target.value)} />
    </Field>
  );
  return (
    <SearchPage titleId="platform-audit-title" title={t('platform.audit.title')} submit={t('platform.audit.filter')} onSearch={() => go(subject.trim() || undefined, 1)} fields={fields}>
      <AuditPage key={`${search.subjectId ?? ''}:${page}`} subjectId={search.subjectId} page={page} onPage={(p) => go(search.subjectId, p)} />
    </SearchPage>
  );
}

function AuditPage({ subjectId, page, onPage }: { subjectId?: string; page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const format = usePlatformFormat();
  const { state, send, data } = usePlatformLoad(() => loadAuditPage({ ...(subjectId ? { subjectId } : {}), page, pageSize: PAGE_SIZE }));
  if (!data) return <LoadStatus state={state} send={send} />;
  if (data.items.length === 0) return <p className="kw-plt-empty">{t('platform.audit.empty')}</p>;
  return (
    <>
      <ol className="kw-plt-list">
        {data.items.map((entry) => (
          <li key={entry.id} className="kw-plt-card kw-plt-audit">
            <p className="kw-plt-audit-head">
              <time dateTime={entry.at}>{format.dateTime(entry.at)}</time> · <strong>{entry.operatorName}</strong> · {t(`platform.audit.action.${entry.action.replace('.', '_')}`, { defaultValue: entry.action })} <code>{entry.action}</code>
            </p>
            <p className="kw-plt-meta">{t('platform.audit.subject', { type: entry.subjectType, id: entry.subjectId })}</p>
            <Changes entry={entry} />
          </li>
        ))}
      </ol>
      <Pager page={page} pageSize={PAGE_SIZE} total={data.total} onPage={onPage} />
    </>
  );
}

const compact = (value: unknown) => {
  const text = JSON.stringify(value) ?? 'null';
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
};

/** Before → after, key by key, for the keys that changed (all of them for a creation or a removal). */
export function changesOf(entry: Pick<AuditEntry, 'before' | 'after'>): { key: string; from: string | null; to: string | null }[] {
  const { before, after } = entry;
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].sort();
  return keys
    .filter((key) => JSON.stringify(before?.[key]) !== JSON.stringify(after?.[key]))
    .map((key) => ({ key, from: before && key in before ? compact(before[key]) : null, to: after && key in after ? compact(after[key]) : null }));
}

function Changes({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const changes = changesOf(entry);
  if (changes.length === 0) return null;
  return (
    <dl className="kw-plt-diff" aria-label={t('platform.audit.changes')}>
      {changes.map((change) => (
        <div key={change.key}>
          <dt>{change.key}</dt>
          <dd>
            <span className="kw-plt-diff-from">{change.from ?? '∅'}</span> → <span className="kw-plt-diff-to">{change.to ?? '∅'}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
