import { Fragment, useEffect, useRef, type ReactNode } from 'react';
import { Button } from 'antd-mobile';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { waitFor, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { pagedListMachine, PagedListEvent } from '../../machines/pagedList.machine.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { LoadFailed, Loading } from '../../src/ui/LoadFailed.tsx';
import { Notice } from '../../src/ui/Notice.tsx';
import { PullToRefresh } from './PullToRefresh.tsx';

export type PagedListActor = ActorRefFrom<typeof pagedListMachine>;
type State = SnapshotFrom<typeof pagedListMachine>;

/**
 * How a list words itself: `section` is the dictionary section of its messages (`<section>.failed`,
 * `.empty`, `.more`, `.moreFailed`, `.loadingMore`, `.end`, `.refreshFailed`), `label` names the
 * list, `refresh` is the refresh control's words.
 */
export interface PagedListWords {
  section: 'fundDetail' | 'records' | 'cashback' | 'reduction' | 'myCoupons' | 'notices';
  label: string;
  refresh: { idle: string; busy: string };
}

/** Where the list's chart stands at its end, read by the footer. */
interface PageState {
  /** `ready.more`: the next page loads by itself as the end comes into view. */
  more: boolean;
  moreFailed: boolean;
  loadingMore: boolean;
  /** `ready.end`: no page after this one. */
  end: boolean;
  /** The chart takes `list.more` now (after a failure too, by the button). */
  canMore: boolean;
}

/**
 * The paged list child on screen: loading, its refusal (retry), or the refresh's refusal, the items
 * (`item` draws one) or the empty line, the end of the list (the next page by button or as it comes
 * into view, its progress, or the end) and the refresh control; pull to refresh where the screen
 * gives `onPull`.
 */
export function PagedListView<Item>({ state, send, words, onPull, item }: {
  state: State;
  send: (event: PagedListEvent) => void;
  words: PagedListWords;
  onPull?: () => Promise<unknown>;
  item: (item: Item) => ReactNode;
}) {
  const { t } = useTranslation();
  const { context } = state;
  const { section } = words;
  if (state.matches('loading')) return <Loading />;
  if (state.matches('failed')) {
    return <LoadFailed errorCode={context.errorCode} fallback={t(`${section}.failed`)} onRetry={() => send({ type: 'list.retry' })} />;
  }
  const page: PageState = {
    more: state.matches({ ready: 'more' }), moreFailed: state.matches({ ready: 'moreFailed' }), loadingMore: state.matches('loadingMore'),
    end: state.matches({ ready: 'end' }), canMore: state.can({ type: 'list.more' }),
  };
  const refreshing = state.hasTag('refreshing');
  const count = context.items.length;
  const list = (
    <>
      {(state.matches({ ready: 'refreshFailed' }) || state.matches({ empty: 'refreshFailed' })) && <FieldError>{t(`${section}.refreshFailed`)}</FieldError>}
      {count === 0 ? (
        <p className="kw-muted-text kw-centered-text" role="status">{t(`${section}.empty`)}</p>
      ) : (
        <ul className="kw-fund-list" aria-label={words.label}>
          {context.items.map((one) => <Fragment key={String(one[context.key])}>{item(one as Item)}</Fragment>)}
        </ul>
      )}
      <ListFooter section={section} page={page} count={count} onMore={() => send({ type: 'list.more' })} />
      <button type="button" className="kw-text-button" disabled={refreshing} onClick={() => send({ type: 'list.refreshed' })}>
        {refreshing ? words.refresh.busy : words.refresh.idle}
      </button>
    </>
  );
  return onPull ? <PullToRefresh onRefresh={onPull}>{list}</PullToRefresh> : list;
}

/**
 * A parent's list child, drawn from its own actor (absent for the instant the parent starts it
 * again); `pull` lets the person pull the list down to refresh it.
 */
export function PagedList<Item>({ actor, pull, words, item }: {
  actor: PagedListActor | undefined;
  pull?: boolean;
  words: PagedListWords;
  item: (item: Item) => ReactNode;
}) {
  const state = useSelector(actor, (snapshot) => snapshot);
  if (!actor || !state) return null;
  // a list started again meanwhile (another filter) ends the pull as well
  const onPull = pull ? () => {
    actor.send({ type: 'list.refreshed' });
    return waitFor(actor, (snapshot) => !snapshot.hasTag('refreshing')).catch(() => undefined);
  } : undefined;
  return <PagedListView state={state} send={(event) => actor.send(event)} words={words} onPull={onPull} item={item} />;
}

function ListFooter({ section, page, count, onMore }: { section: string; page: PageState; count: number; onMore: () => void }) {
  const { t } = useTranslation();
  const sentinel = useRef<HTMLDivElement>(null);
  // only the plain "more" state loads by itself: after a failure the button asks again
  const autoLoad = page.more;
  // the latest callback, without observing anew on every render (an observer fires as it starts)
  const more = useRef(onMore);
  more.current = onMore;
  useEffect(() => {
    const element = sentinel.current;
    if (!autoLoad || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) more.current();
    }, { rootMargin: '200px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [autoLoad]);
  return (
    <div className="kw-fund-footer">
      {page.moreFailed && <FieldError>{t(`${section}.moreFailed`)}</FieldError>}
      {page.loadingMore && <Notice>{t(`${section}.loadingMore`)}</Notice>}
      {page.canMore && <Button size="small" onClick={onMore}>{t(`${section}.more`)}</Button>}
      {page.end && count > 0 && <p className="kw-muted-text">{t(`${section}.end`)}</p>}
      <div ref={sentinel} aria-hidden="true" />
    </div>
  );
}
