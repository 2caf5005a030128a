import { Button } from 'antd-mobile';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { GroupPackageLine, groupPackagesMachine, GroupPackagesEvent } from '../../machines/groupPackages.machine.ts';
import type { linkShareMachine } from '../../machines/linkShare.machine.ts';
import type { statusChangeMachine, StatusChangeEvent } from '../../machines/statusChange.machine.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { LoadFailedStep, Loading } from '../../src/ui/LoadFailed.tsx';
import { LinkButton } from '../../src/ui/LinkButton.tsx';
import { Notice } from '../../src/ui/Notice.tsx';
import { languageOf, lineTime, money } from '../common/format.ts';

type State = SnapshotFrom<typeof groupPackagesMachine>;
type Send = (event: GroupPackagesEvent) => void;
type StatusChange = SnapshotFrom<typeof statusChangeMachine>;
type StatusChangeActor = ActorRefFrom<typeof statusChangeMachine>;
type LinkShare = SnapshotFrom<typeof linkShareMachine>;
type LinkShareActor = ActorRefFrom<typeof linkShareMachine>;

/** The package's page as the member opens it: this site's address and the path the chart made. */
const linkOf = (path: string | null) => (path ? `${window.location.origin}${path}` : '');
const NEW_HREF = '/app/grouppackages/new';

function NotOwner({ code }: { code: string | null }) {
  const { t } = useTranslation();
  return (
    <div className="kw-form">
      <FieldError>{t(`errors.${code ?? 'MCH10003'}`)}</FieldError>
      {code === 'STF10010' ? <LinkButton href="/app/cashier" primary>{t('groupPackages.toCashier')}</LinkButton> : <LinkButton href="/app/open" primary>{t('groupPackages.openAccount')}</LinkButton>}
    </div>
  );
}

/** An active package in the colours of an open store, an ended one in those of a closed store. */
const BADGE = { active: ' kw-mch-open', paused: '', ended: ' kw-mch-closed' } as const;

function Line({ line, busy, send }: { line: GroupPackageLine; busy: boolean; send: Send }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const target = { packageId: line.packageId };
  const counts = t('groupPackages.counts', { sold: line.sold, left: line.left, redeemed: line.redeemed, refunded: line.refunded });
  return (
    <li className="kw-mch-store">
      <strong className="kw-mch-store-link">{line.name}</strong>
      <span className={`kw-mch-badge${BADGE[line.status]}`}>{t(`groupPackages.status.${line.status}`)}</span>
      <span className="kw-muted kw-mch-store-lines">
        {line.storeName} · <span>{money(line.groupPrice, language)}</span>{' '}
        <s aria-label={t('groupPackages.normalPrice', { price: money(line.normalPrice, language) })}>{money(line.normalPrice, language)}</s>
      </span>
      <span className="kw-muted kw-mch-store-lines">{counts}</span>
      <span className="kw-muted kw-mch-store-lines">{t('groupPackages.endsAt', { when: lineTime(line.endsAt, language) })}</span>
      {line.status !== 'ended' && (
        <div className="kw-mch-store-action kw-mch-chips">
          {line.status === 'active'
            ? <Button size="small" disabled={busy} aria-label={t('groupPackages.pauseOne', { name: line.name })} onClick={() => send({ type: 'package.paused', ...target })}>{t('groupPackages.pause')}</Button>
            : <Button size="small" disabled={busy} aria-label={t('groupPackages.resumeOne', { name: line.name })} onClick={() => send({ type: 'package.resumed', ...target })}>{t('groupPackages.resume')}</Button>}
          <Button size="small" color="danger" fill="outline" disabled={busy} aria-label={t('groupPackages.endOne', { name: line.name })} onClick={() => send({ type: 'package.ended', ...target })}>{t('groupPackages.end')}</Button>
          {line.status === 'active' && (
            <Button size="small" color="primary" fill="outline" disabled={busy} aria-label={t('groupPackages.shareOne', { name: line.name })} onClick={() => send({ type: 'package.shared', ...target })}>{t('groupPackages.share')}</Button>
          )}
        </div>
      )}
    </li>
  );
}

/**
 * A package's status change (the statusChange child's state): "end it for good?" while it asks,
 * then saving, or why it was not saved (shown until the list's next step).
 */
export function PackageStatusChange({ change, send, packages }: { change: StatusChange; send: (event: StatusChangeEvent) => void; packages: GroupPackageLine[] }) {
  const { t } = useTranslation();
  const changed = packages.find((p) => p.packageId === change.context.line.id);
  if (change.matches('confirmingEnd') && changed) {
    return (
      <div className="kw-form" role="alertdialog" aria-labelledby="end-question">
        <p id="end-question">{t('groupPackages.endQuestion', { name: changed.name })}</p>
        <Button block color="danger" size="large" onClick={() => send({ type: 'end.confirmed' })}>{t('groupPackages.endConfirm')}</Button>
        <Button block size="large" onClick={() => send({ type: 'end.cancelled' })}>{t('groupPackages.keep')}</Button>
      </div>
    );
  }
  if (change.matches('settingStatus')) return <Notice>{t('groupPackages.saving')}</Notice>;
  if (change.matches('refused')) return <FieldError>{t(`errors.${change.context.errorCode ?? 'AGW50000'}`)}</FieldError>;
  if (change.matches('unreachable')) return <FieldError>{t('groupPackages.statusUnreachable')}</FieldError>;
  return null;
}

/** How sharing the package's page went (the linkShare child's state): on its way, shared, copied, or the link to copy by hand. */
export function PackageShareNotice({ share }: { share: LinkShare }) {
  const { t } = useTranslation();
  const link = linkOf(share.context.url);
  if (share.matches('sharing')) return <Notice>{t('groupPackages.sharing')}</Notice>;
  if (share.matches('shared')) return <Notice kind="success">{t('groupPackages.shared')}</Notice>;
  if (share.matches('copied')) return <Notice kind="success">{t('groupPackages.copied', { link })}</Notice>;
  if (share.matches('unavailable')) {
    return (
      <>
        <FieldError>{t('groupPackages.shareFailed')}</FieldError>
        <input className="kw-input" readOnly aria-label={t('groupPackages.linkLabel')} value={link} onFocus={(e) => e.target.select()} />
      </>
    );
  }
  return null;
}

/** What the last step on the list came to: a status change, a link shared or copied, or why not. */
function ListNotice({ state, change, share }: { state: State; change: React.ReactNode; share: React.ReactNode }) {
  const { t } = useTranslation();
  if (state.matches({ list: 'changingStatus' })) return change;
  if (state.matches({ list: 'sharing' })) return share;
  if (state.matches({ list: 'alreadyEnded' })) return <FieldError>{t('errors.GRP10005')}</FieldError>;
  return null;
}

/** The owner's group packages (`/app/grouppackages`): each with its sales, its status changes, its page shared; the way to make a new one. */
export function GroupPackagesView({ state, send }: { state: State; send: Send }) {
  const { t } = useTranslation();
  const { context } = state;
  const changeActor = state.children.statusChange as StatusChangeActor | undefined;
  const change = useSelector(changeActor, (snapshot) => snapshot);
  const share = useSelector(state.children.linkShare as LinkShareActor | undefined, (snapshot) => snapshot);
  if (state.matches('loading')) return <Loading />;
  if (state.matches('failed')) return <LoadFailedStep errorCode={context.errorCode} fallback={t('groupPackages.loadFailed')} onRetry={() => send({ type: 'list.retry' })} />;
  if (state.matches('notOwner')) return <NotOwner code={context.errorCode} />;
  const changeShown = changeActor && change && <PackageStatusChange change={change} send={(event) => changeActor.send(event)} packages={context.packages} />;
  // the question to end one for good takes the page while it is asked
  if (change?.matches('confirmingEnd')) return changeShown;
  const busy = state.hasTag('busy') || !!change?.hasTag('busy') || !!share?.hasTag('busy');
  return (
    <div className="kw-form">
      <ListNotice state={state} change={changeShown} share={share && <PackageShareNotice share={share} />} />
      {context.packages.length === 0 ? (
        <>
          <Notice>{t('groupPackages.none')}</Notice>
          <LinkButton href={NEW_HREF} primary>{t('groupPackages.createFirst')}</LinkButton>
        </>
      ) : (
        <>
          <ul className="kw-mch-stores" aria-label={t('groupPackages.title')}>
            {context.packages.map((line) => <Line key={line.packageId} line={line} busy={busy} send={send} />)}
          </ul>
          <LinkButton href={NEW_HREF} primary>{t('groupPackages.new')}</LinkButton>
        </>
      )}
      <Button block size="large" disabled={busy} onClick={() => send({ type: 'list.refresh' })}>{t('groupPackages.refresh')}</Button>
    </div>
  );
}
