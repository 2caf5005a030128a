import { PagedList, PagedListView, type PagedListActor, type PagedListWords } from './PagedList.tsx';
import { CustomRangePanel, PeriodTabs, type DateRangeActor } from './DateFilter.tsx';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { fundDetailMachine, FundDetailEvent } from '../../machines/fundDetail.machine.ts';
import type { pagedListMachine, PagedListEvent } from '../../machines/pagedList.machine.ts';
import type { FundLine } from '../../services/contract/fundDetail.ts';
import type { Language } from '../../src/lib/language.ts';
import { languageOf, lineTime, money } from './format.ts';
import { kindLabel } from './kindLabel.ts';
import { dayInSentence } from '../../src/lib/dates.ts';
import { LineLink } from '../../src/ui/LineLink.tsx';

type State = SnapshotFrom<typeof fundDetailMachine>;
type Send = (event: FundDetailEvent) => void;

/**
 * The fund detail list: the date filter, the period shown, the lines (the list child: pull down to
 * refresh when `pull`; the next page loads as the end comes into view, or with the button), and the
 * custom range form. `onOpen` opens a line inside the app (the list stays as it was behind it);
 * without it the link is an ordinary one.
 */
export function FundDetailView({ state, send, pull, onOpen }: {
  state: State;
  send: Send;
  pull?: boolean;
  onOpen?: (id: string) => void;
}) {
  const { t } = useTranslation();
  const { context } = state;
  const filter = context.filter;
  const customShown = state.matches('customRange');
  const tabs = <PeriodTabs section="fundDetail" filter={filter} customShown={customShown} send={send} />;
  const lines = useFundLines(onOpen);

  if (customShown) {
    return (
      <div className="kw-form">
        {tabs}
        <CustomRangePanel actor={state.children.dateRange as DateRangeActor | undefined} section="fundDetail" idPrefix="fund" />
      </div>
    );
  }
  return (
    <div className="kw-form">
      {tabs}
      {context.range && <p className="kw-muted-text">{t('fundDetail.range', { from: dayInSentence(context.range.from), to: dayInSentence(context.range.to) })}</p>}
      <PagedList actor={state.children.pagedList as PagedListActor | undefined} pull={pull} {...lines} />
    </div>
  );
}

/** The fund lines as the list child draws them: the list's words and a line. */
function useFundLines(onOpen?: (id: string) => void): { words: PagedListWords; item: (line: FundLine) => React.ReactNode } {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  return {
    words: { section: 'fundDetail', label: t('titles.fundDetail'), refresh: { idle: t('walletAssets.refresh'), busy: t('walletAssets.refreshing') } },
    item: (line) => <LineItem line={line} language={language} onOpen={onOpen} />,
  };
}

/** The list child's own view with the fund lines (its screen test and its page in the flow book). */
export function FundLinesView({ state, send }: { state: SnapshotFrom<typeof pagedListMachine>; send: (event: PagedListEvent) => void }) {
  return <PagedListView state={state} send={send} {...useFundLines()} />;
}

function LineItem({ line, language, onOpen }: { line: FundLine; language: Language; onOpen?: (id: string) => void }) {
  const { t } = useTranslation();
  const income = line.direction === 'income';
  const amount = `${income ? '+' : '−'}${money(line.amount, language)}`;
  return (
    <LineLink href={`/app/funddetail/${line.id}`} label={`${kindLabel(line.kind, t)}, ${t(`fundDetail.${line.direction}`)} ${amount}, ${lineTime(line.at, language)}`} onOpen={onOpen && (() => onOpen(line.id))}>
      <span className="kw-fund-kind">{kindLabel(line.kind, t)}</span>
      <span className={`kw-fund-amount ${income ? 'kw-fund-income' : 'kw-fund-expenditure'}`}>{amount}</span>
      {/* a withdrawal's amount includes its charge: said, so the charge is never hidden in the total */}
      <span className="kw-fund-meta">{[line.counterparty, line.charge !== null ? t('fundDetail.includesCharge', { charge: money(line.charge, language) }) : null, lineTime(line.at, language)].filter(Boolean).join(' · ')}</span>
      <span className="kw-fund-meta kw-fund-amount">{t('fundDetail.balanceAfter', { amount: money(line.balanceAfter, language) })}</span>
    </LineLink>
  );
}
