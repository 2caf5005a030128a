import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { SnapshotFrom } from 'xstate';
import type { noticesMachine, NoticesEvent } from '../../machines/notices.machine.ts';
import type { pagedListMachine, PagedListEvent } from '../../machines/pagedList.machine.ts';
import type { NoticeItem } from '../../services/contract/notices.ts';
import type { Language } from '../../src/lib/language.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { PagedList, PagedListView, type PagedListActor, type PagedListWords } from '../common/PagedList.tsx';
import { languageOf, lineTime, money } from '../common/format.ts';

type State = SnapshotFrom<typeof noticesMachine>;

/**
 * The inbox: how many are unread and «mark all as read», what went wrong (a notice that could not
 * be opened, marking all that failed), and the notices (the list child: pull down to refresh when
 * `pull`; the next page as the end comes into view, or with the button). A notice is a button: it
 * opens its own screen; unread ones carry a dot and bold titles, and say so to a screen reader.
 */
export function NoticesView({ state, send, pull }: { state: State; send: (event: NoticesEvent) => void; pull?: boolean }) {
  const { t } = useTranslation();
  const { context } = state;
  const busy = state.hasTag('busy');
  const notices = useNoticeItems((notice) => send({ type: 'notice.opened', notice }), busy);
  const failure = state.matches({ browsing: 'openFailed' }) ? 'openFailed' : state.matches({ browsing: 'markAllFailed' }) ? 'markAllFailed' : null;
  return (
    <div className="kw-form">
      {context.unread !== null && (
        <div className="kw-notices-head">
          <p className="kw-muted-text" role="status">{context.unread > 0 ? t('notices.unread', { count: context.unread }) : t('notices.allReadNow')}</p>
          <Button size="small" disabled={busy || !state.can({ type: 'notices.allRead' })} onClick={() => send({ type: 'notices.allRead' })}>
            {t('notices.markAll')}
          </Button>
        </div>
      )}
      {failure && <FieldError>{context.errorCode ? t(`errors.${context.errorCode}`) : t(`notices.${failure}`)}</FieldError>}
      <PagedList actor={state.children.pagedList as PagedListActor | undefined} pull={pull} {...notices} />
    </div>
  );
}

/** What a notice says: its title and the line under it, in the person's language. */
export function noticeWords(notice: NoticeItem, t: TFunction, language: Language): { title: string; detail: string } {
  const { params } = notice;
  const amount = typeof params.amount === 'number' ? money(params.amount, language) : '';
  const counterpart = typeof params.counterpart === 'string' && params.counterpart ? params.counterpart : t('notices.someone');
  const values = { amount, counterpart, store: typeof params.store === 'string' ? params.store : '' };
  switch (notice.kind) {
    case 'announcement':
      return { title: notice.title ?? t('notices.kinds.announcement.title'), detail: t('notices.kinds.announcement.detail') };
    case 'verificationResult': {
      const which = `${params.subject === 'enterprise' ? 'enterprise' : 'personal'}${params.outcome === 'verified' ? 'Verified' : 'Failed'}`;
      return { title: t(`notices.kinds.verificationResult.${which}.title`), detail: t(`notices.kinds.verificationResult.${which}.detail`) };
    }
    default:
      return { title: t(`notices.kinds.${notice.kind}.title`), detail: t(`notices.kinds.${notice.kind}.detail`, values) };
  }
}

/** The notices as the list child draws them: the list's words and a notice. */
function useNoticeItems(onOpen: (notice: NoticeItem) => void, busy: boolean): { words: PagedListWords; item: (notice: NoticeItem) => React.ReactNode } {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  return {
    words: { section: 'notices', label: t('titles.notices'), refresh: { idle: t('notices.refresh'), busy: t('notices.refreshing') } },
    item: (notice) => {
      const { title, detail } = noticeWords(notice, t, language);
      return (
        <li>
          <button type="button" className={notice.read ? 'kw-notice' : 'kw-notice kw-notice-unread'} disabled={busy} onClick={() => onOpen(notice)}>
            <span className="kw-notice-dot" aria-hidden="true" />
            <span className="kw-notice-title">{!notice.read && <span className="kw-visually-hidden">{t('notices.unreadMark')} </span>}{title}</span>
            <span className="kw-notice-detail">{detail}</span>
            <span className="kw-notice-time">{lineTime(notice.at, language)}</span>
          </button>
        </li>
      );
    },
  };
}

/** The list child's own view with the notices (its screen test). */
export function NoticeItemsView({ state, send, onOpen }: { state: SnapshotFrom<typeof pagedListMachine>; send: (event: PagedListEvent) => void; onOpen: (notice: NoticeItem) => void }) {
  return <PagedListView state={state} send={send} {...useNoticeItems(onOpen, false)} />;
}
