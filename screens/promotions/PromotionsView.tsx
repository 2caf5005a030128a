import { Button } from 'antd-mobile';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { PromotionLine, promotionsMachine, PromotionsEvent } from '../../machines/promotions.machine.ts';
import type { linkShareMachine } from '../../machines/linkShare.machine.ts';
import type { statusChangeMachine, StatusChangeEvent } from '../../machines/statusChange.machine.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { LoadFailedStep, Loading } from '../../src/ui/LoadFailed.tsx';
import { LinkButton } from '../../src/ui/LinkButton.tsx';
import { Notice } from '../../src/ui/Notice.tsx';
import { languageOf } from '../common/format.ts';
import { spendText, termsText } from '../common/promotionSpend.ts';

type State = SnapshotFrom<typeof promotionsMachine>;
type Send = (event: PromotionsEvent) => void;
type StatusChange = SnapshotFrom<typeof statusChangeMachine>;
type StatusChangeActor = ActorRefFrom<typeof statusChangeMachine>;
type LinkShare = SnapshotFrom<typeof linkShareMachine>;
type LinkShareActor = ActorRefFrom<typeof linkShareMachine>;

/** The claim link as the member opens it: this site's address and the path the chart made. */
const linkOf = (path: string | null) => (path ? `${window.location.origin}${path}` : '');

function NotOwner({ code }: { code: string | null }) {
  const { t } = useTranslation();
  return (
    <div className="kw-form">
      <FieldError>{t(`errors.${code ?? 'MCH10003'}`)}</FieldError>
      {code === 'STF10010' ? <LinkButton href="/app/cashier" primary>{t('promotions.toCashier')}</LinkButton> : <LinkButton href="/app/open" primary>{t('promotions.openAccount')}</LinkButton>}
    </div>
  );
}

/** An active promotion in the colours of an open store, an ended one in those of a closed store. */
const BADGE = { active: ' kw-mch-open', paused: '', ended: ' kw-mch-closed' } as const;

function Line({ line, busy, send }: { line: PromotionLine; busy: boolean; send: Send }) {
  const { t, i18n } = useTranslation();
  const target = { kind: line.kind, id: line.id };
  const language = languageOf(i18n.language);
  // a discount policy paying with cashback is counted and named as what it is: part of the price paid with the customer's cashback
  const deduction = line.kind === 'discount' && line.terms.type === 'cashbackDeduction';
  const lines = [termsText(t, language, line.kind, line.terms), ...spendText(t, language, deduction ? 'cashbackDeduction' : line.kind, line.spend)];
  return (
    <li className="kw-mch-store">
      <strong className="kw-mch-store-link">{line.name}</strong>
      <span className={`kw-mch-badge${BADGE[line.status]}`}>{t(`promotions.status.${line.status}`)}</span>
      <span className="kw-muted kw-mch-store-lines">{[t(`promotions.kind.${deduction ? 'cashbackDeduction' : line.kind}`), ...lines].join(' · ')}</span>
      {line.status !== 'ended' && (
        <div className="kw-mch-store-action kw-mch-chips">
          {line.status === 'active'
            ? <Button size="small" disabled={busy} aria-label={t('promotions.pauseOne', { name: line.name })} onClick={() => send({ type: 'promotion.paused', ...target })}>{t('promotions.pause')}</Button>
            : <Button size="small" disabled={busy} aria-label={t('promotions.resumeOne', { name: line.name })} onClick={() => send({ type: 'promotion.resumed', ...target })}>{t('promotions.resume')}</Button>}
          <Button size="small" color="danger" fill="outline" disabled={busy} aria-label={t('promotions.endOne', { name: line.name })} onClick={() => send({ type: 'promotion.ended', ...target })}>{t('promotions.end')}</Button>
          {line.kind === 'coupon' && line.status === 'active' && !line.auto && (
            <Button size="small" color="primary" fill="outline" disabled={busy} aria-label={t('promotions.shareOne', { name: line.name })} onClick={() => send({ type: 'coupon.shared', id: line.id })}>{t('promotions.share')}</Button>
          )}
        </div>
      )}
    </li>
  );
}

/**
 * A promotion's status change (the statusChange child's state): "end it for good?" while it asks,
 * then saving, or why it was not saved (shown until the list's next step).
 */
export function PromotionStatusChange({ change, send, promotions }: { change: StatusChange; send: (event: StatusChangeEvent) => void; promotions: PromotionLine[] }) {
  const { t } = useTranslation();
  const { line } = change.context;
  const changed = promotions.find((p) => p.kind === line.kind && p.id === line.id);
  if (change.matches('confirmingEnd') && changed) {
    return (
      <div className="kw-form" role="alertdialog" aria-labelledby="end-question">
        <p id="end-question">{t('promotions.endQuestion', { name: changed.name })}</p>
        <Button block color="danger" size="large" onClick={() => send({ type: 'end.confirmed' })}>{t('promotions.endConfirm')}</Button>
        <Button block size="large" onClick={() => send({ type: 'end.cancelled' })}>{t('promotions.keep')}</Button>
      </div>
    );
  }
  if (change.matches('settingStatus')) return <Notice>{t('promotions.saving')}</Notice>;
  if (change.matches('refused')) return <FieldError>{t(`errors.${change.context.errorCode ?? 'AGW50000'}`)}</FieldError>;
  if (change.matches('unreachable')) return <FieldError>{t('promotions.statusUnreachable')}</FieldError>;
  return null;
}

/** How sharing the claim link went (the linkShare child's state): on its way, shared, copied, or the link to copy by hand. */
export function PromotionShareNotice({ share }: { share: LinkShare }) {
  const { t } = useTranslation();
  const link = linkOf(share.context.url);
  if (share.matches('sharing')) return <Notice>{t('promotions.sharing')}</Notice>;
  if (share.matches('shared')) return <Notice kind="success">{t('promotions.shared')}</Notice>;
  if (share.matches('copied')) return <Notice kind="success">{t('promotions.copied', { link })}</Notice>;
  if (share.matches('unavailable')) {
    return (
      <>
        <FieldError>{t('promotions.shareFailed')}</FieldError>
        <input className="kw-input" readOnly aria-label={t('promotions.linkLabel')} value={link} onFocus={(e) => e.target.select()} />
      </>
    );
  }
  return null;
}

/** What the last step on the list came to: a status change, a link shared or copied, or why not. */
function ListNotice({ state, change, share }: { state: State; change: React.ReactNode; share: React.ReactNode }) {
  const { t } = useTranslation();
  const { context } = state;
  if (state.matches({ list: 'changingStatus' })) return change;
  if (state.matches({ list: 'sharing' })) return share;
  if (state.matches('loadingStores')) return <Notice>{t('promotions.sharing')}</Notice>;
  if (state.matches({ list: 'alreadyEnded' })) return <FieldError>{t('errors.PRM10017')}</FieldError>;
  if (state.matches({ list: 'storesFailed' })) return <FieldError>{context.errorCode ? t(`errors.${context.errorCode}`) : t('promotions.storesFailed')}</FieldError>;
  if (state.matches({ list: 'noStore' })) {
    return (
      <>
        <FieldError>{t('promotions.noStore')}</FieldError>
        <LinkButton href="/app/merchantlist">{t('promotions.toStores')}</LinkButton>
      </>
    );
  }
  return null;
}

/** The owner's promotions (`/app/promotions`): the list with each one's spend, its status changes, a coupon's link shared; the ways to make new ones. */
export function PromotionsView({ state, send }: { state: State; send: Send }) {
  const { t } = useTranslation();
  const { context } = state;
  const changeActor = state.children.statusChange as StatusChangeActor | undefined;
  const change = useSelector(changeActor, (snapshot) => snapshot);
  const share = useSelector(state.children.linkShare as LinkShareActor | undefined, (snapshot) => snapshot);
  if (state.matches('loading')) return <Loading />;
  if (state.matches('failed')) return <LoadFailedStep errorCode={context.errorCode} fallback={t('promotions.loadFailed')} onRetry={() => send({ type: 'list.retry' })} />;
  if (state.matches('notOwner')) return <NotOwner code={context.errorCode} />;
  const changeShown = changeActor && change && <PromotionStatusChange change={change} send={(event) => changeActor.send(event)} promotions={context.promotions} />;
  // the question to end one for good takes the page while it is asked
  if (change?.matches('confirmingEnd')) return changeShown;
  if (state.matches('choosingStore')) {
    return (
      <div className="kw-form" role="dialog" aria-labelledby="store-question">
        <p id="store-question">{t('promotions.storeQuestion')}</p>
        <div className="kw-mch-choices">
          {(context.stores ?? []).map((store) => (
            <Button key={store.storeId} block size="large" onClick={() => send({ type: 'shareStore.chosen', storeId: store.storeId })}>{store.name}</Button>
          ))}
        </div>
        <Button block size="large" fill="none" onClick={() => send({ type: 'shareStore.cancelled' })}>{t('promotions.cancel')}</Button>
      </div>
    );
  }
  const busy = state.hasTag('busy') || !!change?.hasTag('busy') || !!share?.hasTag('busy');
  return (
    <div className="kw-form">
      <ListNotice state={state} change={changeShown} share={share && <PromotionShareNotice share={share} />} />
      {context.promotions.length === 0 ? <Notice>{t('promotions.none')}</Notice> : (
        <ul className="kw-mch-stores" aria-label={t('promotions.title')}>
          {context.promotions.map((line) => <Line key={`${line.kind}:${line.id}`} line={line} busy={busy} send={send} />)}
        </ul>
      )}
      <div className="kw-wallet-links">
        <LinkButton href="/app/promotions/new/cashback" block={false}>{t('promotions.newCashback')}</LinkButton>
        <LinkButton href="/app/promotions/new/discount" block={false}>{t('promotions.newDiscount')}</LinkButton>
        <LinkButton href="/app/promotions/new/coupon" block={false}>{t('promotions.newCoupon')}</LinkButton>
      </div>
      <Button block size="large" disabled={busy} onClick={() => send({ type: 'list.refresh' })}>{t('promotions.refresh')}</Button>
    </div>
  );
}
