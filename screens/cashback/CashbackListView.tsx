import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { pagedListMachine, PagedListEvent } from '../../machines/pagedList.machine.ts';
import type { CashbackItem } from '../../services/contract/cashback.ts';
import { PagedListView } from '../common/PagedList.tsx';
import { languageOf, lineTime, money } from '../common/format.ts';
import { LineLink } from '../../src/ui/LineLink.tsx';

/** The key of a cashback record, for the list chart to drop one a later page repeats. */
export const CASHBACK_KEY = 'id' satisfies keyof CashbackItem;

/**
 * The member's cashback records (the paged list chart): each what came back, from which merchant
 * and store, when, and what a refund took back of it; the way to how cashback works above them.
 * `onOpen` opens a record inside the app; without it the link is an ordinary one.
 */
export function CashbackListView({ state, send, onPull, onOpen }: {
  state: SnapshotFrom<typeof pagedListMachine>;
  send: (event: PagedListEvent) => void;
  onPull?: () => Promise<unknown>;
  onOpen?: (id: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  return (
    <div className="kw-form">
      <a className="kw-text-button kw-centered-text" href="/app/cashbackanouncement">{t('cashback.howItWorks')}</a>
      <PagedListView<CashbackItem>
        state={state}
        send={send}
        onPull={onPull}
        words={{ section: 'cashback', label: t('titles.cashbackList'), refresh: { idle: t('cashback.refresh'), busy: t('cashback.refreshing') } }}
        item={(record) => {
          const amount = `+${money(record.amount, language)}`;
          const place = [record.merchant, record.store].filter(Boolean).join(' · ');
          const clawed = record.clawedBack > 0 ? t('cashback.clawedBack', { amount: money(record.clawedBack, language) }) : null;
          return (
            <LineLink href={`/app/cashbackdetail/${record.id}`} label={[place, amount, lineTime(record.at, language), clawed].filter(Boolean).join(', ')} onOpen={onOpen && (() => onOpen(record.id))}>
              <span className="kw-fund-kind">{place}</span>
              <span className="kw-fund-amount kw-fund-income">{amount}</span>
              <span className="kw-fund-meta">{[lineTime(record.at, language), t(`cashback.status.${record.status}`)].join(' · ')}</span>
              {clawed && <span className="kw-fund-meta kw-fund-amount">{clawed}</span>}
            </LineLink>
          );
        }}
      />
    </div>
  );
}
