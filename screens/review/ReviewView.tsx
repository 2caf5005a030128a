import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import { REASON_MAX, REASON_MIN, type reviewMachine, type ReviewEvent } from '../../machines/review.machine.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { PlatformLink } from '../common/PlatformLink.tsx';
import { RebindingDetails, VerificationDetails, type RebindingDetail, type VerificationDetail } from '../common/ReviewDetails.tsx';
import { usePlatformFormat } from '../common/platformFormat.ts';
import { QUEUE_PATH, type ReviewKind } from '../common/reviewKinds.ts';
import { timeInSentence } from '../../src/lib/dates.ts';
import { word } from '../../src/lib/sentence.ts';

type State = SnapshotFrom<typeof reviewMachine>;
type Send = (event: ReviewEvent) => void;
type Detail = VerificationDetail | RebindingDetail;

/** Renders the review chart for either kind of request: the request, and the decision beside it. */
export function ReviewView({ state, send, kind }: { state: State; send: Send; kind: ReviewKind }) {
  const { t } = useTranslation();
  const format = usePlatformFormat();
  const back = <PlatformLink href={QUEUE_PATH[kind]} className="kw-plt-back">‹ {t(`review.back.${kind}`)}</PlatformLink>;
  const detail = state.context.detail as Detail | null;
  if (!detail) {
    return (
      <section className="kw-plt-page" aria-labelledby="platform-review-title">
        {back}
        <h1 id="platform-review-title">{t(`review.title.${kind}`)}</h1>
        {state.matches('loading') && <p className="kw-plt-status" role="status">{t('review.loading')}</p>}
        {state.matches('unavailable') && <FieldError>{t(`errors.${state.context.errorCode ?? 'AGW50000'}`)}</FieldError>}
        {state.matches('failed') && (
          <div className="kw-plt-status">
            <FieldError>{t('platform.common.failed')}</FieldError>
            <button type="button" className="kw-button" onClick={() => send({ type: 'review.retry' })}>{t('common.retry')}</button>
          </div>
        )}
      </section>
    );
  }
  const title = kind === 'verification' ? (detail as VerificationDetail).companyName : (detail as RebindingDetail).displayName;
  return (
    <article className="kw-plt-page kw-plt-review" aria-labelledby="platform-review-title">
      {back}
      <header className="kw-plt-review-head">
        <h1 id="platform-review-title">{title}</h1>
        <span className={`kw-plt-badge kw-plt-badge-${detail.status}`}>{t(`platform.status.${detail.status}`)}</span>
        <p className="kw-plt-meta">
          {t(`review.title.${kind}`)} · {t('platform.queue.submitted', { date: timeInSentence(detail.submittedAt) })}
        </p>
      </header>
      <div className="kw-plt-review-body">
        <div className="kw-plt-review-main">
          {kind === 'verification' ? <VerificationDetails detail={detail as VerificationDetail} /> : <RebindingDetails detail={detail as RebindingDetail} />}
        </div>
        <section className="kw-plt-card kw-plt-decision" aria-labelledby="platform-decision-title">
          <h2 id="platform-decision-title">{t('review.decision')}</h2>
          <DecisionPanel state={state} send={send} kind={kind} detail={detail} />
        </section>
      </div>
    </article>
  );
}

function DecisionPanel({ state, send, kind, detail }: { state: State; send: Send; kind: ReviewKind; detail: Detail }) {
  const { t } = useTranslation();
  const format = usePlatformFormat();
  const { context } = state;
  if (state.matches('closed')) {
    return (
      <>
        <p role="status">{t('review.closed', { status: word(`platform.status.${detail.status}`) })}</p>
        <p className="kw-plt-meta">{t('platform.queue.decided', { date: detail.decidedAt ? timeInSentence(detail.decidedAt) : '—', name: detail.decidedBy ?? '—' })}</p>
        {detail.reason && <p className="kw-plt-reason">{t('review.reasonWas', { reason: detail.reason })}</p>}
      </>
    );
  }
  if (state.matches('loading')) return <p role="status" className="kw-plt-status">{t('review.loading')}</p>;
  if (state.matches('unavailable')) return <FieldError>{t(`errors.${context.errorCode ?? 'AGW50000'}`)}</FieldError>;
  if (state.matches('stale')) {
    return (
      <>
        <FieldError>{t(`errors.${context.errorCode ?? 'PLT10002'}`)}</FieldError>
        <button type="button" className="kw-button kw-button-primary kw-button-block" onClick={() => send({ type: 'review.reload' })}>{t('review.reload')}</button>
      </>
    );
  }
  if (state.matches('failed')) {
    return (
      <>
        <FieldError>{t('review.unknownOutcome')}</FieldError>
        <button type="button" className="kw-button kw-button-block" onClick={() => send({ type: 'review.retry' })}>{t('review.reload')}</button>
      </>
    );
  }
  if (state.matches('decided') || state.matches('returning')) {
    return (
      <>
        {/* a <p> like the deciding line's: the same live region, updated in place, is read out */}
        <p role="status" className="kw-success-text">{context.decision === 'reject' ? t('review.rejected') : t('review.approved')}</p>
        <p className="kw-plt-meta">{t('review.returning')}</p>
        <PlatformLink href={QUEUE_PATH[kind]}>{t('review.backNow')}</PlatformLink>
      </>
    );
  }
  if (state.matches('deciding')) return <p role="status" className="kw-plt-status">{t('review.deciding')}</p>;
  if (state.matches('confirmingApproval')) {
    return (
      <div role="group" aria-labelledby="platform-confirm-approval">
        <p id="platform-confirm-approval">{t(`review.confirmApproval.${kind}`)}</p>
        <div className="kw-plt-actions">
          <button type="button" className="kw-button kw-button-primary" autoFocus onClick={() => send({ type: 'approve.confirmed' })}>{t('review.confirmApprove')}</button>
          <button type="button" className="kw-button" onClick={() => send({ type: 'decision.cancelled' })}>{t('common.cancel')}</button>
        </div>
      </div>
    );
  }
  if (state.matches('enteringReason')) {
    const tooShort = state.matches({ enteringReason: 'tooShort' });
    return (
      <form
        className="kw-field"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'reject.confirmed' });
        }}
      >
        <label className="kw-label" htmlFor="platform-reason">{t('review.reasonLabel')}</label>
        <textarea
          id="platform-reason"
          className="kw-plt-textarea"
          value={context.reason}
          maxLength={REASON_MAX}
          autoFocus
          aria-invalid={tooShort}
          aria-describedby="platform-reason-hint"
          onChange={(event) => send({ type: 'reason.changed', value: event.target.value })}
        />
        <span id="platform-reason-hint" className="kw-hint">
          {t('review.reasonHint', { min: REASON_MIN })} {context.reason.length}/{REASON_MAX}
        </span>
        {tooShort && <FieldError>{t('errors.PLT10003')}</FieldError>}
        <div className="kw-plt-actions">
          <button type="submit" className="kw-button kw-plt-button-danger">{t('review.confirmReject')}</button>
          <button type="button" className="kw-button" onClick={() => send({ type: 'decision.cancelled' })}>{t('common.cancel')}</button>
        </div>
      </form>
    );
  }
  return (
    <>
      {state.matches({ reviewing: 'refused' }) && <FieldError>{t(`errors.${context.errorCode ?? 'AGW50000'}`)}</FieldError>}
      <p className="kw-plt-meta">{t(`review.decisionHint.${kind}`)}</p>
      <div className="kw-plt-actions">
        <button type="button" className="kw-button kw-button-primary" disabled={!state.can({ type: 'approve.requested' })} onClick={() => send({ type: 'approve.requested' })}>
          {t('review.approve')}
        </button>
        <button type="button" className="kw-button kw-plt-button-danger" disabled={!state.can({ type: 'reject.requested' })} onClick={() => send({ type: 'reject.requested' })}>
          {t('review.reject')}
        </button>
      </div>
    </>
  );
}
