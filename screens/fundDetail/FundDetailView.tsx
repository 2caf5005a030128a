import { useEffect, useRef } from 'react';
import { Button } from 'antd-mobile';
import { PullToRefresh } from '../common/PullToRefresh.tsx';
import { CustomRangePanel, PeriodTabs, type DateRangeActor } from '../common/DateFilter.tsx';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { fundDetailMachine, FundDetailEvent } from '../../machines/fundDetail.machine.ts';
import type { FundLine } from '../../services/contract/fundDetail.ts';
import type { Language } from '../../src/lib/language.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { LoadFailed, Loading } from '../../src/ui/LoadFailed.tsx';
import { languageOf, lineTime, money } from '../common/format.ts';
import { kindLabel } from './kindLabel.ts';

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
    const refreshing = state.hasTag('refreshing');
    const list = (
      <>
        {state.matches({ ready: 'refreshFailed' }) && <FieldError>{t('fundDetail.refreshFailed')}</FieldError>}
        {context.items.length === 0 ? (
          <p className="kw-muted-text kw-centered-text" role="status">{t('fundDetail.empty')}</p>
        ) : (
          <ul className="kw-fund-list" aria-label={t('titles.fundDetail')}>
            {context.items.map((line) => <LineItem key={line.id} line={line} language={language} onOpen={onOpen} />)}
          </ul>
        )}
        <ListFooter state={state} send={send} />
        <button type="button" className="kw-text-button" disabled={refreshing} onClick={() => send({ type: 'list.refreshed' })}>
          {refreshing ? t('walletAssets.refreshing') : t('walletAssets.refresh')}
        </button>
      </>
    );
    body = onPull ? <PullToRefresh onRefresh={onPull}>{list}</PullToRefresh> : list;
  }
  return (
    <div className="kw-form">
      {tabs}
      {context.range && <p className="kw-muted-text">{t('fundDetail.range', { from: context.range.from, to: context.range.to })}</p>}
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
        <span className="kw-fund-meta">{[line.counterparty, lineTime(line.at, language)].filter(Boolean).join(' · ')}</span>
        <span className="kw-fund-meta kw-fund-amount">{t('fundDetail.balanceAfter', { amount: money(line.balanceAfter, language) })}</span>
      </a>
    </li>
  );
}

/** The end of the list: the next page by button or as it comes into view, its progress, or the end. */
function ListFooter({ state, send }: { state: State; send: Send }) {
  const { t } = useTranslation();
  const sentinel = useRef<HTMLDivElement>(null);
  // only the plain "more" state loads by itself: after a failure the button asks again
  const autoLoad = state.matches({ ready: 'more' });
  useEffect(() => {
    const element = sentinel.current;
    if (!autoLoad || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) send({ type: 'list.more' });
    }, { rootMargin: '200px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [autoLoad, send]);
  const canMore = state.can({ type: 'list.more' });
  return (
    <div className="kw-fund-footer">
      {state.matches({ ready: 'moreFailed' }) && <FieldError>{t('fundDetail.moreFailed')}</FieldError>}
      {state.matches('loadingMore') && <p className="kw-muted-text" role="status">{t('fundDetail.loadingMore')}</p>}
      {canMore && <Button size="small" onClick={() => send({ type: 'list.more' })}>{t('fundDetail.more')}</Button>}
      {state.matches({ ready: 'end' }) && state.context.items.length > 0 && <p className="kw-muted-text">{t('fundDetail.end')}</p>}
      <div ref={sentinel} aria-hidden="true" />
    </div>
  );
}
