import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { staffListMachine, StaffListEvent } from '../../machines/staffList.machine.ts';
import type { StaffMember } from '../../services/contract/staffList.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { LoadFailedStep, Loading } from '../../src/ui/LoadFailed.tsx';
import { formatMobile } from '../../src/lib/phone.ts';
import { LinkButton } from '../../src/ui/LinkButton.tsx';
import { Notice } from '../../src/ui/Notice.tsx';
import { languageOf, lineTime } from '../common/format.ts';

type State = SnapshotFrom<typeof staffListMachine>;
type Send = (event: StaffListEvent) => void;

function NotOwner({ code }: { code: string | null }) {
  const { t } = useTranslation();
  return (
    <div className="kw-form">
      <FieldError>{t(`errors.${code ?? 'MCH10003'}`)}</FieldError>
      {code === 'STF10010' ? <LinkButton href="/app/cashier" primary>{t('staffList.toCashier')}</LinkButton> : <LinkButton href="/app/open" primary>{t('merchantList.open')}</LinkButton>}
    </div>
  );
}

/** The merchant's staff (`/app/stafflist`): current first, each a link to its detail. */
export function StaffListView({ state, send }: { state: State; send: Send }) {
  const { t } = useTranslation();
  const { context } = state;
  if (state.matches('starting') || state.matches('loadingList')) return <Loading />;
  if (state.matches('listFailed')) return <LoadFailedStep errorCode={context.errorCode} fallback={t('staffList.loadFailed')} onRetry={() => send({ type: 'list.retry' })} />;
  if (state.matches('notOwner')) return <NotOwner code={context.errorCode} />;
  return (
    <div className="kw-form">
      {context.staff.length === 0 ? <Notice>{t('staffList.none')}</Notice> : (
        <ul className="kw-mch-stores" aria-label={t('staffList.title')}>
          {context.staff.map((s) => (
            <li key={s.staffId} className="kw-mch-store">
              <a className="kw-mch-store-link" href={`/app/staffdetail?staffId=${s.staffId}`}>{s.name}</a>
              <span className={`kw-mch-badge kw-staff-${s.status}`}>{t(`staffList.status.${s.status}`)}</span>
              <span className="kw-muted kw-mch-store-lines">
                {[s.mobile && formatMobile(s.mobile, 'international'), s.storeName, t(s.allRecords ? 'staffList.allRecordsShort' : 'staffList.ownRecordsShort')].filter(Boolean).join(' · ')}
              </span>
            </li>
          ))}
        </ul>
      )}
      <LinkButton href="/app/addstaff" primary>{t('staffList.add')}</LinkButton>
      <Button block size="large" onClick={() => send({ type: 'list.refresh' })}>{t('staffList.refresh')}</Button>
    </div>
  );
}

function Fields({ member }: { member: StaffMember }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  return (
    <dl className="kw-wallet-figures">
      <div><dt>{t('staffList.name')}</dt><dd>{member.name}</dd></div>
      {/* the owner's own clerk, in full: a tap calls them */}
      <div><dt>{t('staffList.phone')}</dt><dd>{member.mobile ? <a href={`tel:${member.mobile}`}>{formatMobile(member.mobile, 'international')}</a> : '—'}</dd></div>
      <div><dt>{t('staffList.contact')}</dt><dd>{t(`staffList.channel.${member.contactChannel}`)}</dd></div>
      <div><dt>{t('staffList.statusLabel')}</dt><dd>{t(`staffList.status.${member.status}`)}</dd></div>
      <div><dt>{t('staffList.store')}</dt><dd>{member.storeName}</dd></div>
      <div><dt>{t('staffList.joined')}</dt><dd>{lineTime(member.joinedAt, language)}</dd></div>
      {member.removedAt && <div><dt>{t('staffList.removed')}</dt><dd>{lineTime(member.removedAt, language)}</dd></div>}
    </dl>
  );
}

/** One clerk (`/app/staffdetail`): the fields, the all-records switch (saved at once), removal after a confirmation. */
export function StaffDetailView({ state, send }: { state: State; send: Send }) {
  const { t } = useTranslation();
  const { context } = state;
  if (state.matches('starting') || state.matches('loadingDetail')) return <Loading />;
  if (state.matches('detailFailed')) return <LoadFailedStep errorCode={context.errorCode} fallback={t('staffList.detailFailed')} onRetry={() => send({ type: 'detail.retry' })} />;
  if (state.matches('notOwner')) return <NotOwner code={context.errorCode} />;
  if (state.matches('missing') || !context.member) {
    return (
      <div className="kw-form">
        <FieldError>{t('staffList.missing')}</FieldError>
        <LinkButton href="/app/stafflist">{t('staffList.toList')}</LinkButton>
      </div>
    );
  }
  const member = context.member;
  if (state.matches('confirmingRemoval')) {
    return (
      <div className="kw-form" role="alertdialog" aria-labelledby="remove-question">
        <p id="remove-question">{t('staffList.removeQuestion', { name: member.name, store: member.storeName })}</p>
        <Button block color="danger" size="large" onClick={() => send({ type: 'remove.confirmed' })}>{t('staffList.removeConfirm')}</Button>
        <Button block size="large" onClick={() => send({ type: 'remove.cancelled' })}>{t('staffList.keep')}</Button>
      </div>
    );
  }
  const busy = state.hasTag('busy');
  const current = member.status === 'normal';
  let problem: string | null = null;
  if (state.matches({ detail: 'updateRefused' }) || state.matches({ detail: 'removeRefused' })) problem = context.errorCode ? t(`errors.${context.errorCode}`) : t('staffList.unreachable');
  return (
    <div className="kw-form">
      <Fields member={member} />
      <label className="kw-mch-choice">
        <input type="checkbox" checked={member.allRecords} disabled={busy || !current} onChange={(e) => send({ type: 'allRecords.changed', value: e.target.checked })} />
        <span>{t('staffList.allRecords')}</span>
      </label>
      {problem && <FieldError>{problem}</FieldError>}
      {state.matches('updating') && <Notice>{t('staffList.saving')}</Notice>}
      {state.matches('removing') && <Notice>{t('staffList.removing')}</Notice>}
      {current ? (
        <Button block color="danger" size="large" disabled={busy} onClick={() => send({ type: 'remove.asked' })}>{t('staffList.remove')}</Button>
      ) : <Notice>{t('staffList.removedExplain')}</Notice>}
      <LinkButton href="/app/stafflist">{t('staffList.toList')}</LinkButton>
    </div>
  );
}
