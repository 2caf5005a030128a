import { useTranslation } from 'react-i18next';
import type { RecentStore, ScanToPayEvent } from '../../machines/scanToPay.machine.ts';

/**
 * The stores paid recently, beside the scanner: one with its own static code opens it (resolved
 * and shown again before any amount); one without is listed, to scan the code at the till.
 */
export function RecentStores({ stores, send }: { stores: RecentStore[]; send: (event: ScanToPayEvent) => void }) {
  const { t } = useTranslation();
  if (!stores.length) return null;
  return (
    <section aria-label={t('scanToPay.recent.title')}>
      <h3 className="kw-section-title">{t('scanToPay.recent.title')}</h3>
      <ul className="kw-list">
        {stores.map((s) => (
          <li key={s.storeId} className="kw-list-item">
            {s.serial !== null
              ? <button type="button" className="kw-text-button" aria-label={t('scanToPay.recent.open', { store: s.storeName })} onClick={() => send({ type: 'shortcut.picked', serial: s.serial! })}>
                  <span>{s.storeName}</span> <span className="kw-muted-text">{s.merchantName}</span>
                </button>
              : <>
                  <span>{s.storeName}</span> <span className="kw-muted-text">{t('scanToPay.recent.scanAtTill')}</span>
                </>}
          </li>
        ))}
      </ul>
    </section>
  );
}
