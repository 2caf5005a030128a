import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { moneyRequestsMachine, MoneyRequestsEvent } from '../../machines/moneyRequests.machine.ts';
import type { MoneyRequestView } from '../../services/contract/moneyRequest.ts';
import { Loading, LoadFailedStep } from '../../src/ui/LoadFailed.tsx';
import { LinkButton } from '../../src/ui/LinkButton.tsx';
import { languageOf, lineTime, money } from '../common/format.ts';

type State = SnapshotFrom<typeof moneyRequestsMachine>;
type Send = (event: MoneyRequestsEvent) => void;

/** A list of requests: each row the other side (masked), the reason, the amount, the status; a tap opens it. */
function RequestList({ title, empty, requests }: { title: string; empty: string; requests: MoneyRequestView[] }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  return (
    <section aria-label={title}>
      <h3 className="kw-section-title">{title}</h3>
      {requests.length === 0 ? <p className="kw-muted-text">{empty}</p> : (
        <ul className="kw-list">
          {requests.map((r) => (
            <li key={r.id} className="kw-fund-line">
              <a href={`/app/moneyRequest/${r.id}`} aria-label={t('moneyRequests.open', { name: r.other.maskedName, amount: money(r.amount, language) })}>
                <span className="kw-fund-kind">{r.other.maskedName}</span>
                <span className="kw-fund-amount">{money(r.amount, language)}</span>
                <span className="kw-fund-meta">{r.reason} · {lineTime(r.createdAt, language)}</span>
                <span className="kw-fund-meta kw-fund-amount" data-status={r.status}>{t(`moneyRequestView.statuses.${r.status}`)}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** `/app/moneyRequests`: the requests asked of the member, then those they sent. */
export function RequestsView({ state, send }: { state: State; send: Send }) {
  const { t } = useTranslation();
  if (state.matches('loading')) return <Loading />;
  if (state.matches('loadFailed')) return <LoadFailedStep errorCode={state.context.errorCode} fallback={t('moneyRequests.listFailed')} onRetry={() => send({ type: 'requests.retry' })} />;
  const { lists } = state.context;
  return (
    <div className="kw-form">
      <LinkButton href="/app/moneyRequest" primary>{t('moneyRequests.newRequest')}</LinkButton>
      <RequestList title={t('moneyRequests.received')} empty={t('moneyRequests.noneReceived')} requests={lists.received} />
      <RequestList title={t('moneyRequests.sent')} empty={t('moneyRequests.noneSent')} requests={lists.sent} />
      <button type="button" className="kw-text-button" onClick={() => send({ type: 'requests.refreshed' })}>{t('moneyRequests.refresh')}</button>
    </div>
  );
}
