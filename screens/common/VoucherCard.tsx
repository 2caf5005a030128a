import { useTranslation } from 'react-i18next';
import type { GroupVoucher } from '../../services/contract/groupPackages.ts';
import { Summary } from '../../src/ui/Summary.tsx';
import { QrCode } from './QrCode.tsx';
import { languageOf, lineTime, money } from './format.ts';

/**
 * A group voucher as the member shows it at the till: the package's name, its QR (the code the
 * clerk's scanner reads, also written under it for typing), what it includes, the store, what was
 * paid and until when it is good. Shown just bought and opened from the member's packages.
 */
export function VoucherCard({ voucher }: { voucher: GroupVoucher }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  return (
    <section className="kw-voucher" aria-label={voucher.packageName}>
      <h2 className="kw-step-title">{voucher.packageName}</h2>
      {voucher.code && (
        <QrCode value={voucher.code} label={t('myPackages.voucherQr')} size={264} caption={<span className="kw-voucher-code">{voucher.code}</span>} />
      )}
      {voucher.code && <p className="kw-hint kw-centered-text">{t('myPackages.voucherHint')}</p>}
      <Summary
        rows={[
          [t('myPackages.content'), voucher.content.join(', ')],
          [t('myPackages.store'), voucher.storeName],
          [t('myPackages.merchant'), voucher.merchantName],
          [t('myPackages.paid'), money(voucher.paid, language)],
          [t('myPackages.boughtAt'), lineTime(voucher.boughtAt, language)],
          [t('myPackages.expiresAt'), lineTime(voucher.expiresAt, language)],
        ]}
      />
    </section>
  );
}
