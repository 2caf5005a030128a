import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { Notice } from '../../src/ui/Notice.tsx';
import { PullToRefresh } from './PullToRefresh.tsx';

/** Where a paged list's chart stands (the fund detail's and the records' `ready` / `loadingMore` / `refreshing`), read by its view. */
export interface PageState {
  /** `ready.more`: the next page loads by itself as the end comes into view. */
  more: boolean;
  moreFailed: boolean;
  refreshFailed: boolean;
  loadingMore: boolean;
  refreshing: boolean;
  /** `ready.end`: no page after this one. */
  end: boolean;
  /** The chart takes `list.more` now (after a failure too, by the button). */
  canMore: boolean;
}

/**
 * A paged list on screen: the refresh's refusal, the items or the empty line, the end of the list
 * (the next page by button or as it comes into view, its progress, or the end) and the refresh
 * control; pull to refresh where the screen gives `onPull`. `section` words it (`<section>.empty`,
 * `.more`, `.moreFailed`, `.loadingMore`, `.end`, `.refreshFailed`).
 */
export function PagedList({ section, label, page, count, refreshWords, onMore, onRefresh, onPull, children }: {
  section: 'fundDetail' | 'records';
  label: string;
  page: PageState;
  count: number;
  refreshWords: { idle: string; busy: string };
  onMore: () => void;
  onRefresh: () => void;
  onPull?: () => Promise<unknown>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const list = (
    <>
      {page.refreshFailed && <FieldError>{t(`${section}.refreshFailed`)}</FieldError>}
      {count === 0 ? (
        <p className="kw-muted-text kw-centered-text" role="status">{t(`${section}.empty`)}</p>
      ) : (
        <ul className="kw-fund-list" aria-label={label}>{children}</ul>
      )}
      <ListFooter section={section} page={page} count={count} onMore={onMore} />
      <button type="button" className="kw-text-button" disabled={page.refreshing} onClick={onRefresh}>
        {page.refreshing ? refreshWords.busy : refreshWords.idle}
      </button>
    </>
  );
  return onPull ? <PullToRefresh onRefresh={onPull}>{list}</PullToRefresh> : list;
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
