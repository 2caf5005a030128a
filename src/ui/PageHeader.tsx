import { useTranslation } from 'react-i18next';
import { storage } from '../lib/storage.ts';

/**
 * Page title bar. The back control appears only when the page shows a left element; it goes to
 * the stored back address when one is set, otherwise one step back in history.
 */
export function goBack() {
  const backUrl = storage.getBackUrl();
  if (backUrl) {
    storage.setBackUrl(null);
    window.location.assign(backUrl);
  } else {
    window.history.back();
  }
}

export function PageHeader({ title, showBack = true, right }: { title: string; showBack?: boolean; right?: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <header className="kw-header">
      <div className="kw-header-side">
        {showBack && (
          <button type="button" className="kw-back" onClick={goBack}>
            <span aria-hidden="true">‹</span> {t('common.back')}
          </button>
        )}
      </div>
      <h1 className="kw-header-title">{title}</h1>
      <div className="kw-header-side kw-header-right">{right}</div>
    </header>
  );
}
