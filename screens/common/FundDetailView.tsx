import { PagedList, type PageState } from './PagedList.tsx';
import { CustomRangePanel, PeriodTabs, type DateRangeActor } from './DateFilter.tsx';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { fundDetailMachine, FundDetailEvent } from '../../machines/fundDetail.machine.ts';
import type { FundLine } from '../../services/contract/fundDetail.ts';
import type { Language } from '../../src/lib/language.ts';
import { LoadFailed, Loading } from '../../src/ui/LoadFailed.tsx';
import { languageOf, lineTime, money } from './format.ts';
import { kindLabel } from './kindLabel.ts';
import { dayInSentence } from '../../src/lib/dates.ts';

type State = SnapshotFrom<typeof fundDetailMachine>;
type Send = (event: FundDetailEvent) => void;

/**
 * The fund detail list: the date filter, the lines (pull down to refresh; the next page loads as
 * the end comes into view, or with the button), and the custom range form. `onOpen` opens a line
 * inside the app (the list stays as it was behind it); without it the link is an ordinary one.
 */
export function FundDetailView({ state, send, onPull, onOpen }: {
  state: State;
  send: Send;
  onPull?: () => Promise<unknown>;
  onOpen?: (id: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const { context } = state;
  const filter = context.filter;
  const customShown = state.matches('customRange');
  const tabs = <PeriodTabs section="fundDetail" filter={filter} customShown={customShown} send={send} />;

  if (customShown) {
    return (
      <div className="kw-form">
        {tabs}
        <CustomRangePanel actor={state.children.dateRange as DateRangeActor | undefined} section="fundDetail" idPrefix="fund" />
      </div>
    );
  }

  let body: React.ReactNode;
  if (state.matches('loading')) {
    body = <Loading />;
  } else if (state.matches('failed')) {
    body = (
      <LoadFailed errorCode={context.errorCode} fallback={t('fundDetail.failed')} onRetry={() => send({ type: 'list.retry' })} />
    );
  } else {
    const page: PageState = {
      more: state.matches({ ready: 'more' }), moreFailed: state.matches({ ready: 'moreFailed' }), refreshFailed: state.matches({ ready: 'refreshFailed' }),
      loadingMore: state.matches('loadingMore'), refreshing: state.hasTag('refreshing'), end: state.matches({ ready: 'end' }), canMore: state.can({ type: 'list.more' }),
    };
    body = (
      <PagedList section="fundDetail" label={t('titles.fundDetail')} page={page} count={context.items.length} onPull={onPull}
        refreshWords={{ idle: t('walletAssets.refresh'), busy: t('walletAssets.refreshing') }}
        onMore={() => send({ type: 'list.more' })} onRefresh={() => send({ type: 'list.refreshed' })}>
        {context.items.map((line) => <LineItem key={line.id} line={line} language={language} onOpen={onOpen} />)}
      </PagedList>
    );
  }
  return (
    <div className="kw-form">
      {tabs}
      {context.range && <p className="kw-muted-text">{t('fundDetail.range', { from: dayInSentence(context.range.from), to: dayInSentence(context.range.to) })}</p>}
      {body}
    </div>
  );
}

function LineItem({ line, language, onOpen }: { line: FundLine; language: Language; onOpen?: (id: string) => void }) {
  const { t } = useTranslation();
  const income = line.direction === 'income';
  const amount = `${income ? '+' : '−'}${money(line.amount, language)}`;
  return (
    <li className="kw-fund-line">
      <a
        href={`/app/funddetail/${line.id}`}
        onClick={onOpen ? (e) => { e.preventDefault(); onOpen(line.id); } : undefined}
        aria-label={`${kindLabel(line.kind, t)}, ${t(`fundDetail.${line.direction}`)} ${amount}, ${lineTime(line.at, language)}`}
      >
        <span className="kw-fund-kind">{kindLabel(line.kind, t)}</span>
        <span className={`kw-fund-amount ${income ? 'kw-fund-income' : 'kw-fund-expenditure'}`}>{amount}</span>
        {/* a withdrawal's amount includes its charge: said, so the charge is never hidden in the total */}
        <span className="kw-fund-meta">{[line.counterparty, line.charge !== null ? t('fundDetail.includesCharge', { charge: money(line.charge, language) }) : null, lineTime(line.at, language)].filter(Boolean).join(' · ')}</span>
        <span className="kw-fund-meta kw-fund-amount">{t('fundDetail.balanceAfter', { amount: money(line.balanceAfter, language) })}</span>
      </a>
    </li>
  );
}
