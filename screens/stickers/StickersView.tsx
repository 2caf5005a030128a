import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import { MAX_STICKERS, STICKERS_PAGE_SIZE, type stickersMachine, type StickersEvent } from '../../machines/stickers.machine.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { Pager } from '../common/Pager.tsx';
import { usePlatformFormat } from '../common/platformFormat.ts';
import { timeInSentence } from '../../src/lib/dates.ts';
import { Notice } from '../../src/ui/Notice.tsx';
import { Field } from '../../src/ui/Field.tsx';

type State = SnapshotFrom<typeof stickersMachine>;
type Send = (event: StickersEvent) => void;

const DOWNLOAD_REASONS = ['expired', 'forbidden', 'notFound', 'unreachable'];

/** Renders the stickers chart: issuing a batch, the batches a page at a time, each batch's sheet to print. */
export function StickersView({ state, send }: { state: State; send: Send }) {
  const { t } = useTranslation();
  const format = usePlatformFormat();
  const { context } = state;
  const busy = state.hasTag('busy');
  const issuing = state.matches('issuing') || state.matches('refreshing');

  const issueNotice = state.matches({ ready: 'countInvalid' }) ? <FieldError>{t('stickers.countInvalid', { max: MAX_STICKERS })}</FieldError>
    : state.matches({ ready: 'issued' }) && context.issued ? (
      <Notice kind="success">
        {t('stickers.issued', { id: context.issued.batchId, count: context.issued.count, first: context.issued.firstSerial, last: context.issued.lastSerial })}
      </Notice>
    ) : state.matches({ ready: 'issueRefused' }) ? <FieldError>{t(`errors.${context.errorCode ?? 'AGW50000'}`)}</FieldError>
      : state.matches({ ready: 'issueUnreachable' }) ? <FieldError>{t('stickers.issueUnreachable')}</FieldError>
        : issuing ? <p className="kw-plt-meta" role="status">{t('stickers.issuing')}</p> : null;

  const downloadNotice = state.matches('downloading') ? <p className="kw-plt-meta" role="status">{t('stickers.downloading', { id: context.downloadId })}</p>
    : state.matches({ ready: 'downloaded' }) ? <Notice kind="success">{t('stickers.downloaded', { id: context.downloadId })}</Notice>
      : state.matches({ ready: 'downloadFailed' }) ? (
        <FieldError>{t(`stickers.downloadFailed.${context.errorCode && DOWNLOAD_REASONS.includes(context.errorCode) ? context.errorCode : 'unreachable'}`, { id: context.downloadId })}</FieldError>
      ) : null;

  let list: React.ReactNode;
  if (state.matches('loading')) list = <p className="kw-plt-status" role="status">{t('common.loading')}</p>;
  else if (state.matches('failed')) {
    list = (
      <div className="kw-plt-status">
        <FieldError>{context.errorCode ? t(`errors.${context.errorCode}`) : t('platform.common.failed')}</FieldError>
        <button type="button" className="kw-button" onClick={() => send({ type: 'batches.retry' })}>{t('common.retry')}</button>
      </div>
    );
  } else if (context.batches.length === 0) list = <p className="kw-plt-empty">{t('stickers.empty')}</p>;
  else {
    list = (
      <>
        <ul className="kw-plt-list" aria-label={t('stickers.batches')}>
          {context.batches.map((batch) => (
            <li key={batch.batchId} className="kw-plt-row">
              <strong>{t('stickers.batch', { id: batch.batchId })}</strong>
              <button type="button" className="kw-button" disabled={busy} aria-label={t('stickers.downloadOne', { id: batch.batchId })} onClick={() => send({ type: 'batch.download', batchId: batch.batchId })}>
                {t('stickers.download')}
              </button>
              <span className="kw-plt-meta kw-plt-row-lines">
                {t('stickers.lines', { count: batch.count, first: batch.firstSerial, last: batch.lastSerial, bound: batch.bound })} · {t('stickers.issuedBy', { name: batch.issuedBy, date: timeInSentence(batch.issuedAt) })}
              </span>
            </li>
          ))}
        </ul>
        <Pager page={context.page} pageSize={STICKERS_PAGE_SIZE} total={context.total} onPage={(page) => send({ type: 'page.changed', page })} />
      </>
    );
  }

  return (
    <section className="kw-plt-page" aria-labelledby="stickers-title">
      <h1 id="stickers-title">{t('stickers.title')}</h1>
      <p className="kw-plt-meta">{t('stickers.explain')}</p>
      <form className="kw-plt-card kw-plt-search" noValidate onSubmit={(e) => { e.preventDefault(); send({ type: 'issue.submitted' }); }}>
        <Field id="stickers-count" label={t('stickers.countLabel', { max: MAX_STICKERS })}>
          <input id="stickers-count" className="kw-plt-input" inputMode="numeric" autoComplete="off" value={context.countText} disabled={issuing}
            aria-invalid={state.matches({ ready: 'countInvalid' }) || undefined} onChange={(e) => send({ type: 'count.changed', value: e.target.value })} />
        </Field>
        <button type="submit" className="kw-button kw-button-primary" disabled={busy}>{t('stickers.issue')}</button>
      </form>
      {issueNotice}
      {downloadNotice}
      {list}
    </section>
  );
}
