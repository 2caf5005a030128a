import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { invitationMachine, InvitationEvent } from '../../machines/invitation.machine.ts';
import type { ReceivedInvitation } from '../../services/contract/invitation.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { LoadFailedStep, Loading } from '../../src/ui/LoadFailed.tsx';
import { languageOf, lineTime } from '../common/format.ts';
import { timeInSentence } from '../../src/lib/dates.ts';
import { LinkButton } from '../../src/ui/LinkButton.tsx';
import { Notice } from '../../src/ui/Notice.tsx';

type State = SnapshotFrom<typeof invitationMachine>;
type Send = (event: InvitationEvent) => void;

/** Who invites, to which store, with which permission, until when. */
function Card({ invitation }: { invitation: ReceivedInvitation }) {
  const { t, i18n } = useTranslation();
  return (
    <section className="kw-section" aria-labelledby="invitation-title">
      <h2 id="invitation-title">{t('invitation.invites', { merchant: invitation.merchantName })}</h2>
      <dl className="kw-wallet-figures">
        <div><dt>{t('invitation.store')}</dt><dd>{invitation.storeName}</dd></div>
        <div><dt>{t('invitation.address')}</dt><dd>{invitation.storeAddress}</dd></div>
        <div><dt>{t('invitation.permission')}</dt><dd>{t(invitation.allRecords ? 'invitation.allRecords' : 'invitation.ownRecords')}</dd></div>
        {invitation.state === 'sent' && <div><dt>{t('invitation.until')}</dt><dd>{lineTime(invitation.expiresAt, languageOf(i18n.language))}</dd></div>}
      </dl>
    </section>
  );
}

/** The outcome (`/app/staffresult`, and the chart's end after answering). */
function Outcome({ state }: { state: State }) {
  const { t } = useTranslation();
  const { invitation, place } = state.context;
  if (!invitation) return null;
  if (!invitation.answeredByYou) {
    return (
      <div className="kw-form">
        <Card invitation={invitation} />
        <Notice>{t('errors.STF10005')}</Notice>
        <LinkButton href="/app/invitations">{t('invitation.toList')}</LinkButton>
      </div>
    );
  }
  const agreed = invitation.state === 'agreed';
  return (
    <div className="kw-form">
      <p className={agreed ? 'kw-success-text' : 'kw-muted-text'} role="status">
        {agreed ? t('invitation.agreed', { store: place?.storeName ?? invitation.storeName, merchant: invitation.merchantName }) : t('invitation.rejected', { merchant: invitation.merchantName })}
      </p>
      <Card invitation={invitation} />
      {agreed && <LinkButton href="/app/cashier" primary>{t('invitation.toCashier')}</LinkButton>}
      <LinkButton href="/">{t('invitation.toHome')}</LinkButton>
    </div>
  );
}

/** Renders the invitation chart: the pending list, one invitation (agree, reject after confirming), its outcome, or why it cannot be answered. */
export function InvitationView({ state, send }: { state: State; send: Send }) {
  const { t } = useTranslation();
  const { context } = state;
  if (state.matches('loadingList') || state.matches('loadingOne') || state.matches('starting')) return <Loading />;
  if (state.matches('listFailed')) return <LoadFailedStep errorCode={context.errorCode} fallback={t('invitation.listFailed')} onRetry={() => send({ type: 'list.retry' })} />;
  if (state.matches('oneFailed')) return <LoadFailedStep errorCode={context.errorCode} fallback={t('invitation.oneFailed')} onRetry={() => send({ type: 'one.retry' })} />;
  if (state.matches('list')) {
    return (
      <div className="kw-form">
        {context.invitations.length === 0 ? <Notice>{t('invitation.noneWaiting')}</Notice> : (
          <ul className="kw-mch-stores" aria-label={t('invitation.waiting')}>
            {context.invitations.map((i) => (
              <li key={i.invitationId} className="kw-mch-store">
                <button type="button" className="kw-text-button" onClick={() => send({ type: 'invitation.open', invitationId: i.invitationId })}>
                  {t('invitation.open', { merchant: i.merchantName, store: i.storeName })}
                </button>
                <span className="kw-muted kw-mch-store-lines">{t('invitation.untilShort', { time: timeInSentence(i.expiresAt) })}</span>
              </li>
            ))}
          </ul>
        )}
        <Button block size="large" onClick={() => send({ type: 'list.refresh' })}>{t('invitation.refresh')}</Button>
      </div>
    );
  }
  if (state.matches('unknown')) {
    return (
      <div className="kw-form">
        <FieldError>{t(`errors.${context.errorCode ?? 'STF10006'}`)}</FieldError>
        <LinkButton href="/app/invitations">{t('invitation.toList')}</LinkButton>
      </div>
    );
  }
  if (state.matches('closed') && context.invitation) {
    return (
      <div className="kw-form">
        <Card invitation={context.invitation} />
        <FieldError>{t(context.invitation.state === 'expired' ? 'errors.STF10003' : 'errors.STF10004')}</FieldError>
        <LinkButton href="/app/invitations">{t('invitation.toList')}</LinkButton>
      </div>
    );
  }
  if (state.matches('answered')) return <Outcome state={state} />;
  const invitation = context.invitation!;
  if (state.matches('confirmingRejection')) {
    return (
      <div className="kw-form" role="alertdialog" aria-labelledby="reject-question">
        <Card invitation={invitation} />
        <p id="reject-question">{t('invitation.rejectQuestion', { merchant: invitation.merchantName })}</p>
        <Button block color="danger" size="large" onClick={() => send({ type: 'reject.confirmed' })}>{t('invitation.rejectConfirm')}</Button>
        <Button block size="large" onClick={() => send({ type: 'reject.cancelled' })}>{t('invitation.back')}</Button>
      </div>
    );
  }
  // viewing, agreeing, rejecting
  const busy = state.hasTag('busy');
  let problem: string | null = null;
  if (state.matches({ viewing: 'refusedAgreeing' }) || state.matches({ viewing: 'refused' })) {
    // STF10007 said to the person themselves, not to a merchant about them
    problem = context.errorCode === 'STF10007' ? t('invitation.assignedElsewhere') : t(`errors.${context.errorCode ?? 'AGW50000'}`);
  }
  if (state.matches({ viewing: 'unreachable' })) problem = t('invitation.unreachable');
  return (
    <div className="kw-form">
      <Card invitation={invitation} />
      <p className="kw-muted-text">{t('invitation.explain')}</p>
      {problem && <FieldError>{problem}</FieldError>}
      {busy && <Notice>{t('invitation.answering')}</Notice>}
      <Button block color="primary" size="large" loading={state.matches('agreeing')} disabled={busy} onClick={() => send({ type: 'invitation.agree' })}>{t('invitation.agree')}</Button>
      <Button block size="large" loading={state.matches('rejecting')} disabled={busy} onClick={() => send({ type: 'invitation.reject' })}>{t('invitation.reject')}</Button>
    </div>
  );
}
