import { useTranslation } from 'react-i18next';
import type { MerchantReceipt } from '../../machines/scanToPay.machine.ts';
import { languageOf, lineTime, money } from './format.ts';
import { LinkButton } from '../../src/ui/LinkButton.tsx';
import { Summary } from '../../src/ui/Summary.tsx';

/** A merchant payment's receipt as the payer keeps it: what was paid (the price and the promotions' part, when they took some off), the cashback, merchant, store, time, voucher number and the balance after it. */
export function Receipt({ receipt }: { receipt: MerchantReceipt | null }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  return (
    <>
      <strong className="kw-pay-amount">{receipt ? money(receipt.paid, language) : ''}</strong>
      <Summary
        rows={[
          ...(receipt && receipt.paid !== receipt.amount ? [[t('scanToPay.paidPrice'), money(receipt.amount, language)] as const] : []),
          // a part paid with cashback: what came from the balance and what from the cashback
          ...(receipt && (receipt.cashbackPaid ?? 0) > 0
            ? [[t('scanToPay.paidFromBalance'), money(receipt.paid, language)] as const, [t('scanToPay.paidWithCashback'), money(receipt.cashbackPaid!, language)] as const]
            : []),
          ...(receipt && receipt.cashback > 0 ? [[t('scanToPay.cashbackEarned'), `+ ${money(receipt.cashback, language)}`, 'kw-quote-gain'] as const] : []),
          [t('scanToPay.merchant'), receipt?.merchantName ?? ''],
          [t('scanToPay.store'), receipt?.storeName ?? ''],
          [t('scanToPay.time'), receipt ? lineTime(receipt.at, language) : ''],
          [t('scanToPay.voucher'), receipt?.voucherNo ?? '', 'kw-pay-voucher'],
          [t('scanToPay.newAvailable'), receipt ? money(receipt.available, language) : ''],
        ]}
      />
      {receipt && <LinkButton href={`/app/receipt?voucherNo=${encodeURIComponent(receipt.voucherNo)}`} primary>{t('common.viewReceipt')}</LinkButton>}
      <LinkButton href="/app/funddetail">{t('scanToPay.records')}</LinkButton>
    </>
  );
}
