import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { staffInvitationMachine, StaffInvitationEvent } from '../../machines/staffInvitation.machine.ts';
import type { SentInvitation } from '../../services/contract/staffInvitation.ts';
import type { StaffChannel } from '../../services/contract/merchantShared.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { LoadFailedStep, Loading } from '../../src/ui/LoadFailed.tsx';
import { formatMobile } from '../../src/lib/phone.ts';
import { languageOf, lineTime } from '../common/format.ts';
import { QrCode } from '../common/QrCode.tsx';
import { timeInSentence } from '../../src/lib/dates.ts';
import { LinkButton } from '../../src/ui/LinkButton.tsx';
import { Notice } from '../../src/ui/Notice.tsx';
import { WayOn } from '../../src/ui/WayOn.tsx';
import { Field } from '../../src/ui/Field.tsx';

type State = SnapshotFrom<typeof staffInvitationMachine>;
type Send = (event: StaffInvitationEvent) => void;
const CHANNELS: StaffChannel[] = ['mobile', 'email', 'qr'];

/** Whom an invitation went to, as the merchant typed it ("+244 923 456 456", an e-mail); null for a QR one. */
export const contactOf = (i: SentInvitation): string | null => (i.contact === null ? null : i.channel === 'mobile' ? formatMobile(i.contact, 'international') : i.contact);

/** The merchant's invitations, newest first, each in its state; a pending one can be withdrawn. */
function Invitations({ state, send }: { state: State; send: Send }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const { invitations } = state.context;
  const busy = state.hasTag('busy');
  const who = (i: SentInvitation) => contactOf(i) ?? t('staffInvitation.byQr');
  return (
    <section className="kw-section" aria-labelledby="invitations-title">
      <h2 id="invitations-title">{t('staffInvitation.listTitle')}</h2>
      {invitations.length === 0 ? <p className="kw-muted-text">{t('staffInvitation.none')}</p> : (
        <ul className="kw-mch-stores" aria-labelledby="invitations-title">
          {invitations.map((i) => (
            <li key={i.invitationId} className="kw-mch-store">
              <span>{who(i)} · {i.storeName}</span>
              <span className={`kw-mch-badge kw-staff-${i.state}`}>{t(`staffInvitation.state.${i.state}`)}</span>
              <span className="kw-muted kw-mch-store-lines">
                {i.state === 'sent' ? t('staffInvitation.until', { time: timeInSentence(i.expiresAt) }) : lineTime(i.answeredAt ?? i.createdAt, language)}
              </span>
              {i.state === 'sent' && (
                <button type="button" className="kw-text-button kw-mch-store-action" disabled={busy} onClick={() => send({ type: 'invitation.withdraw', invitationId: i.invitationId })}
                  // QR invitations name no one: said with their store and time, so that two read aloud differ
                  aria-label={i.contact ? undefined : `${t('staffInvitation.withdrawQr')}: ${i.storeName}, ${t('staffInvitation.until', { time: timeInSentence(i.expiresAt) })}`}>
                  {i.contact ? t('staffInvitation.withdraw', { who: contactOf(i) }) : t('staffInvitation.withdrawQr')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="kw-text-button" disabled={busy} onClick={() => send({ type: 'list.refresh' })}>{t('staffInvitation.refresh')}</button>
    </section>
  );
}

/** Renders the staff invitation chart: loading, not the owner, the form and its outcomes, sent (with the QR), withdrawing. */
export function StaffInvitationView({ state, send }: { state: State; send: Send }) {
  const { t } = useTranslation();
  const { context } = state;
  if (state.matches('loading') && context.stores.length === 0) return <Loading />;
  if (state.matches('loadFailed')) {
    return <LoadFailedStep errorCode={context.errorCode} fallback={t('staffInvitation.loadFailed')} onRetry={() => send({ type: 'load.retry' })} />;
  }
  if (state.matches('notOwner')) {
    const clerk = context.errorCode === 'STF10010';
    return (
      <div className="kw-form">
        <FieldError>{t(`errors.${context.errorCode ?? 'MCH10003'}`)}</FieldError>
        {clerk ? <LinkButton href="/app/cashier" primary>{t('staffInvitation.toCashier')}</LinkButton> : <LinkButton href="/app/open" primary>{t('merchantList.open')}</LinkButton>}
      </div>
    );
  }
  if (state.matches('confirmingWithdrawal')) {
    const invitation = context.invitations.find((i) => i.invitationId === context.withdrawId);
    return (
      <div className="kw-form" role="alertdialog" aria-labelledby="withdraw-question">
        <p id="withdraw-question">
          {invitation?.contact
            ? t('staffInvitation.withdrawQuestion', { who: contactOf(invitation), store: invitation.storeName })
            // a QR invitation names no one: "the invitation to QR code" reads wrong in every language
            : t('staffInvitation.withdrawQrQuestion', { store: invitation?.storeName ?? '' })}
        </p>
        <Button block color="danger" size="large" onClick={() => send({ type: 'withdraw.confirmed' })}>{t('staffInvitation.withdrawConfirm')}</Button>
        <Button block size="large" onClick={() => send({ type: 'withdraw.cancelled' })}>{t('staffInvitation.keep')}</Button>
      </div>
    );
  }
  if (state.matches('failed')) {
    return <WayOn problem={t('staffInvitation.unreachable')} onPress={() => send({ type: 'invite.retry' })} label={t('common.retry')} other={{ label: t('staffInvitation.edit'), onPress: () => send({ type: 'invite.edit' }) }} />;
  }
  if (state.matches('sent') && context.sent) {
    const { invitation, link } = context.sent;
    let shown: React.ReactNode;
    if (state.matches({ sent: 'accepted' })) {
      // the code is spent: the news, large, where the code was
      shown = (
        <div className="kw-done" role="status">
          <span className="kw-done-mark" aria-hidden="true">✓</span>
          <p className="kw-done-title">{t('staffInvitation.accepted', { store: invitation.storeName })}</p>
          <p className="kw-muted-text">{t('staffInvitation.acceptedHelp')}</p>
        </div>
      );
    } else if (state.matches({ sent: 'settled' })) {
      shown = <FieldError>{t(`staffInvitation.settled.${invitation.state === 'rejected' || invitation.state === 'expired' ? invitation.state : 'withdrawn'}`, { store: invitation.storeName })}</FieldError>;
    } else if (link) {
      shown = (
        <>
          <p className="kw-success-text">{t('staffInvitation.qrReady', { store: invitation.storeName })}</p>
          <QrCode value={link} label={t('staffInvitation.qrLabel', { store: invitation.storeName })} caption={invitation.storeName} size={240} />
          <p className="kw-muted-text">{t('staffInvitation.qrHelp')}</p>
          {state.matches({ sent: 'trouble' })
            ? <Notice>{t('staffInvitation.qrTrouble')}</Notice>
            : <Notice>{t('staffInvitation.qrWaiting')}</Notice>}
        </>
      );
    } else {
      shown = <Notice kind="success">{t('staffInvitation.sentTo', { who: contactOf(invitation), store: invitation.storeName })}</Notice>;
    }
    return (
      <div className="kw-form">
        {shown}
        <Button block color="primary" size="large" onClick={() => send({ type: 'invite.another' })}>{t('staffInvitation.another')}</Button>
        <LinkButton href="/app/stafflist">{t('staffInvitation.toStaff')}</LinkButton>
        <Invitations state={state} send={send} />
      </div>
    );
  }
  const busy = state.hasTag('busy');
  const { stores, storeId, channel, contact, allRecords, problem } = context;
  const refusal = (() => {
    if (state.matches({ editing: 'invalid' }) && problem) return t(`staffInvitation.problems.${problem}`);
    if (state.matches({ editing: 'alreadyExists' })) return t(context.errorDetail === 'invited' ? 'staffInvitation.alreadyInvited' : 'errors.STF10001');
    if (state.matches({ editing: 'sendingTooMuch' })) return t('errors.STF10002');
    if (state.matches({ editing: 'refused' }) || state.matches({ editing: 'withdrawRefused' })) {
      return context.errorCode ? t(`errors.${context.errorCode}`) : t('staffInvitation.unreachable');
    }
    return null;
  })();
  return (
    <div className="kw-form">
      <form className="kw-form" noValidate onSubmit={(e) => { e.preventDefault(); send({ type: 'invite.submitted' }); }}>
        <p className="kw-muted-text">{t('staffInvitation.explain')}</p>
        <Field id="invite-store" label={t('staffInvitation.store')}>
          <select id="invite-store" className="kw-mch-input" value={storeId} disabled={busy} aria-invalid={problem === 'store' || undefined} onChange={(e) => send({ type: 'store.chosen', storeId: e.target.value })}>
            <option value="">{t('staffInvitation.chooseStore')}</option>
            {stores.map((s) => <option key={s.storeId} value={s.storeId}>{s.name} · {s.merchantName}</option>)}
          </select>
        </Field>
        <fieldset className="kw-mch-choices">
          <legend className="kw-label">{t('staffInvitation.channel')}</legend>
          {CHANNELS.map((c) => (
            <label key={c} className="kw-mch-choice">
              <input type="radio" name="invite-channel" value={c} checked={channel === c} disabled={busy} onChange={() => send({ type: 'channel.chosen', channel: c })} />
              <span>{t(`staffInvitation.channels.${c}`)}</span>
            </label>
          ))}
        </fieldset>
        {channel !== 'qr' && (
          <Field id="invite-contact" label={t(`staffInvitation.contact.${channel}`)}>
            <input
              id="invite-contact" className="kw-mch-input" value={contact} disabled={busy}
              inputMode={channel === 'mobile' ? 'numeric' : 'email'} type={channel === 'mobile' ? 'tel' : 'email'} autoComplete="off"
              maxLength={channel === 'mobile' ? 9 : 254} aria-invalid={problem === channel || undefined}
              onChange={(e) => send({ type: 'contact.changed', value: e.target.value })}
            />
          </Field>
        )}
        <label className="kw-mch-choice">
          <input type="checkbox" checked={allRecords} disabled={busy} onChange={(e) => send({ type: 'allRecords.changed', value: e.target.checked })} />
          <span>{t('staffInvitation.allRecords')}</span>
        </label>
        {refusal && <FieldError>{refusal}</FieldError>}
        {state.matches('sending') && <Notice>{t('staffInvitation.sending')}</Notice>}
        <Button block color="primary" size="large" type="submit" loading={state.matches('sending')} disabled={busy}>{t(channel === 'qr' ? 'staffInvitation.submitQr' : 'staffInvitation.submit')}</Button>
      </form>
      <Invitations state={state} send={send} />
      <LinkButton href="/app/stafflist">{t('staffInvitation.toStaff')}</LinkButton>
    </div>
  );
}
