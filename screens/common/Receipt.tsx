import { useTranslation } from 'react-i18next';
import type { MerchantReceipt } from '../../machines/scanToPay.machine.ts';
import { languageOf, lineTime, money } from './format.ts';
import { LinkButton } from '../../src/ui/LinkButton.tsx';

/** A merchant payment's receipt as the payer keeps it: amount, merchant, store, time, voucher number and the balance after it. */
export function Receipt({ receipt }: { receipt: MerchantReceipt | null }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  return (
    <>
      <strong className="kw-pay-amount">{receipt ? money(receipt.amount, language) : ''}</strong>
      <dl className="kw-summary">
        <dt>{t('scanToPay.merchant')}</dt>
        <dd>{receipt?.merchantName ?? ''}</dd>
        <dt>{t('scanToPay.store')}</dt>
        <dd>{receipt?.storeName ?? ''}</dd>
        <dt>{t('scanToPay.time')}</dt>
        <dd>{receipt ? lineTime(receipt.at, language) : ''}</dd>
        <dt>{t('scanToPay.voucher')}</dt>
        <dd className="kw-pay-voucher">{receipt?.voucherNo ?? ''}</dd>
        <dt>{t('scanToPay.newAvailable')}</dt>
        <dd>{receipt ? money(receipt.available, language) : ''}</dd>
      </dl>
      <LinkButton href="/app/funddetail" primary>{t('scanToPay.records')}</LinkButton>
    </>
  );
}
