import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { pagedListMachine, PagedListEvent } from '../../machines/pagedList.machine.ts';
import type { ReductionItem } from '../../services/contract/reduction.ts';
import { PagedListView } from '../common/PagedList.tsx';
import { languageOf, lineTime, money } from '../common/format.ts';
import { LineLink } from '../../src/ui/LineLink.tsx';

/** The key of a reduction (its payment's id), for the list chart to drop one a later page repeats. */
export const REDUCTION_KEY = 'id' satisfies keyof ReductionItem;

/**
 * The member's payments a discount or a coupon lowered (the paged list chart): each the merchant
 * and store, what was paid, the price and what came off it, when. `onOpen` opens one in the app.
 */
export function ReductionListView({ state, send, onPull, onOpen }: {
  state: SnapshotFrom<typeof pagedListMachine>;
  send: (event: PagedListEvent) => void;
  onPull?: () => Promise<unknown>;
  onOpen?: (id: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const kz = (value: number) => money(value, language);
  return (
    <div className="kw-form">
      <PagedListView<ReductionItem>
        state={state}
        send={send}
        onPull={onPull}
        words={{ section: 'reduction', label: t('titles.reductionList'), refresh: { idle: t('reduction.refresh'), busy: t('reduction.refreshing') } }}
        item={(payment) => {
          const place = [payment.merchant, payment.store].filter(Boolean).join(' · ');
          const saved = t('reduction.saved', { amount: kz(payment.discount + (payment.coupon?.amount ?? 0)), price: kz(payment.price) });
          return (
            <LineLink href={`/app/reductiondetail/${payment.id}`} label={[place, `−${kz(payment.paid)}`, saved, lineTime(payment.at, language)].join(', ')} onOpen={onOpen && (() => onOpen(payment.id))}>
              <span className="kw-fund-kind">{place}</span>
              <span className="kw-fund-amount kw-fund-expenditure">{`−${kz(payment.paid)}`}</span>
              <span className="kw-fund-meta">{[saved, payment.coupon ? t('reduction.withCoupon', { name: payment.coupon.name }) : null].filter(Boolean).join(' · ')}</span>
              <span className="kw-fund-meta">{lineTime(payment.at, language)}</span>
            </LineLink>
          );
        }}
      />
    </div>
  );
}
