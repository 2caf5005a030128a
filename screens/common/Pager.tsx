import { useTranslation } from 'react-i18next';

/** Previous/next over a paged list, with where the reader is. */
export function Pager({ page, pageSize, total, onPage }: { page: number; pageSize: number; total: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total <= pageSize && page === 1) return <p className="kw-plt-meta">{t('platform.pager.total', { count: total })}</p>;
  return (
    <nav className="kw-plt-pager" aria-label={t('platform.pager.label')}>
      <button type="button" className="kw-button" disabled={page <= 1} onClick={() => onPage(page - 1)}>{t('platform.pager.previous')}</button>
      <span className="kw-plt-meta">{t('platform.pager.page', { page, pages })} · {t('platform.pager.total', { count: total })}</span>
      <button type="button" className="kw-button" disabled={page >= pages} onClick={() => onPage(page + 1)}>{t('platform.pager.next')}</button>
    </nav>
  );
}
