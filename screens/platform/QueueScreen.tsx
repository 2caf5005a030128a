import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { ReviewStatus } from '../../machines/review.machine.ts';
import { loadReviewQueue } from '../../src/flows/review.ts';
import { LoadStatus } from './LoadStatus.tsx';
import { Pager } from '../common/Pager.tsx';
import { PlatformLink } from '../common/PlatformLink.tsx';
import { PAGE_SIZE, usePlatformFormat } from '../common/platformFormat.ts';
import { usePlatformLoad } from './usePlatformLoad.ts';
import { QUEUE_PATH, STATUSES, type ReviewKind } from '../common/reviewKinds.ts';
import { timeInSentence } from '../../src/lib/dates.ts';
import { word } from '../../src/lib/sentence.ts';

interface Row {
  id: string;
  title: string;
  lines: string[];
  status: ReviewStatus;
}

/** `/plateform/verifications` and `/plateform/rebinding`: the requests to review, by status, a page at a time. */
export default function QueueScreen({ kind }: { kind: ReviewKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { status?: ReviewStatus; page?: number };
  const status = search.status ?? 'pending';
  const page = search.page ?? 1;
  const go = (nextStatus: ReviewStatus, nextPage: number) =>
    void navigate({
      to: QUEUE_PATH[kind],
      search: { ...(nextStatus === 'pending' ? {} : { status: nextStatus }), ...(nextPage > 1 ? { page: nextPage } : {}) } as never,
    });
  return (
    <section className="kw-plt-page" aria-labelledby="platform-queue-title">
      <h1 id="platform-queue-title">{t(`platform.queue.title.${kind}`)}</h1>
      <div className="kw-plt-tabs" role="group" aria-label={t('platform.queue.filter')}>
        {STATUSES.map((s) => (
          <button key={s} type="button" className="kw-plt-tab" aria-pressed={s === status} onClick={() => go(s, 1)}>
            {t(`platform.status.${s}`)}
          </button>
        ))}
      </div>
      <QueueList key={`${kind}:${status}:${page}`} kind={kind} status={status} page={page} onPage={(p) => go(status, p)} />
    </section>
  );
}

function QueueList({ kind, status, page, onPage }: { kind: ReviewKind; status: ReviewStatus; page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const format = usePlatformFormat();
  const { state, send, data } = usePlatformLoad(() => loadReviewQueue(kind, { status, page, pageSize: PAGE_SIZE }));
  if (!data) return <LoadStatus state={state} send={send} />;
  if (data.items.length === 0) return <p className="kw-plt-empty">{t('platform.queue.empty')}</p>;
  const decided = (item: { decidedAt: string | null; decidedBy: string | null }) =>
    item.decidedAt ? [t('platform.queue.decided', { date: item.decidedAt ? timeInSentence(item.decidedAt) : '—', name: item.decidedBy ?? '—' })] : [];
  const rows: Row[] =
    data.kind === 'verification'
      ? data.items.map((item) => ({
          id: item.id,
          title: item.companyName,
          status: item.status,
          lines: [t('platform.queue.nif', { nif: item.companyNif }), ...(item.email ? [item.email] : []), t('platform.queue.submitted', { date: timeInSentence(item.submittedAt) }), ...decided(item)],
        }))
      : data.items.map((item) => ({
          id: item.id,
          title: item.displayName,
          status: item.status,
          lines: [
            t('platform.queue.mobiles', { from: item.oldMobile ? format.mobile(item.oldMobile) : word('review.noOldMobile'), to: format.mobile(item.newMobile) }),
            t('platform.queue.submitted', { date: timeInSentence(item.submittedAt) }),
            ...decided(item),
          ],
        }));
  return (
    <>
      <ul className="kw-plt-list">
        {rows.map((row) => (
          <li key={row.id} className="kw-plt-row">
            <PlatformLink href={`${QUEUE_PATH[kind]}/${row.id}`} className="kw-plt-row-link">{row.title}</PlatformLink>
            <span className={`kw-plt-badge kw-plt-badge-${row.status}`}>{t(`platform.status.${row.status}`)}</span>
            <span className="kw-plt-meta kw-plt-row-lines">{row.lines.join(' · ')}</span>
          </li>
        ))}
      </ul>
      <Pager page={page} pageSize={PAGE_SIZE} total={data.total} onPage={onPage} />
    </>
  );
}
