import { Button, DotLoading, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { SnapshotFrom } from 'xstate';
import type { ReceiptCard, ReceiptEvent, receiptMachine } from '../../machines/receipt.machine.ts';
import type { Receipt, ReceiptKey, ReceiptParty } from '../../services/contract/fundDetail.ts';
import type { Language } from '../../src/lib/language.ts';
import { receiptSummary } from '../../src/lib/receiptShare.ts';
import { Summary } from '../../src/ui/Summary.tsx';
import { languageOf, lineTime, money } from '../common/format.ts';

export type ReceiptRouteProps = { id?: string; transferId?: string | number; orderNo?: string; withdrawNo?: string; voucherNo?: string };

/** The movement the route names: a fund line's id (`/app/receipt/$id`), else what a done screen knows (`/app/receipt?transferId=…`). */
// (the router reads an all-digit search value as a number: each is made a string again)
export const receiptKeyOf = ({ id, transferId, orderNo, withdrawNo, voucherNo }: ReceiptRouteProps): ReceiptKey =>
  id ? { id: String(id) } : transferId ? { transferId: String(transferId) } : orderNo ? { orderNo: String(orderNo) } : withdrawNo ? { withdrawNo: String(withdrawNo) } : { voucherNo: String(voucherNo ?? '') };

/** A side of the receipt in one line: a person's masked name and number, a merchant and its store, a card. */
const partyText = (party: ReceiptParty, none: string) => [party.name, party.detail].filter(Boolean).join(' · ') || none;

/**
 * The receipt in the person's language, as the screen shows it and the picture draws it: the
 * kind, the amount, the voucher, both sides, the amount and charge apart (and their total when
 * there is a charge), the state of a withdrawal still at the bank, the note or the payment refunded, the time.
 */
export function receiptCard(receipt: Receipt, t: TFunction, language: Language): ReceiptCard {
  const none = t('receipt.none');
  const rows: Array<[string, string]> = [
    [t('receipt.voucherNo'), receipt.voucherNo],
    [t('receipt.from'), partyText(receipt.from, none)],
    [t('receipt.to'), partyText(receipt.to, none)],
    [t('receipt.amount'), money(receipt.amount, language)],
    [t('receipt.charge'), money(receipt.charge, language)],
    ...(receipt.charge > 0 ? [[t('receipt.total'), money(receipt.amount + receipt.charge, language)] as [string, string]] : []),
    ...(receipt.state !== 'SUCCESS' ? [[t('receipt.state'), t(`receipt.states.${receipt.state}`)] as [string, string]] : []),
    ...(receipt.note ? [[t('receipt.note'), receipt.note] as [string, string]] : []),
    ...(receipt.refundOf ? [[t('receipt.refundOf'), receipt.refundOf] as [string, string]] : []),
    [t('receipt.time'), lineTime(receipt.at, language)],
  ];
  return {
    title: t(`receipt.headings.${receipt.kind}`),
    amount: money(receipt.amount, language),
    rows,
    fileName: `${t('receipt.fileName')}-${receipt.voucherNo}.png`,
  };
}

/** Whichever state the receipt chart is in: loading, the receipt and its share button with how the sharing went, not found, or retry. */
export function ReceiptView({ state, send }: { state: SnapshotFrom<typeof receiptMachine>; send: (event: ReceiptEvent) => void }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  if (state.matches('loading')) {
    return (
      <div className="kw-centered" role="status">
        {t('receipt.loading')} <DotLoading />
      </div>
    );
  }
  if (state.matches('loadFailed')) {
    return (
      <ErrorBlock status="disconnected" title={t('receipt.failed')} description="">
        <Button color="primary" onClick={() => send({ type: 'receipt.retry' })}>{t('receipt.retry')}</Button>
      </ErrorBlock>
    );
  }
  if (state.matches('notFound') || !state.context.receipt) {
    return <ErrorBlock status="empty" title={t('receipt.notFound')} description={t(`errors.${state.context.errorCode ?? 'CNT40401'}`)} />;
  }
  const card = receiptCard(state.context.receipt, t, language);
  const sharing = state.hasTag('busy');
  return (
    <div className="kw-form">
      <section className="kw-wallet-balance" aria-labelledby="receipt-title">
        <span id="receipt-title">{card.title}</span>
        <strong>{card.amount}</strong>
      </section>
      <Summary rows={card.rows} />
      <button type="button" className="kw-button kw-button-primary kw-button-block" disabled={sharing} onClick={() => send({ type: 'receipt.share', card })}>
        {t('receipt.share')}
      </button>
      {sharing && <p role="status" className="kw-muted">{t('receipt.sharing')}</p>}
      {state.matches({ shown: 'shared' }) && <p role="status" className="kw-muted">{t('receipt.shared')}</p>}
      {state.matches({ shown: 'downloaded' }) && <p role="status" className="kw-muted">{t('receipt.downloaded')}</p>}
      {state.matches({ shown: 'copied' }) && <p role="status" className="kw-muted">{t('receipt.copied')}</p>}
      {state.matches({ shown: 'shareUnavailable' }) && (
        <label className="kw-field">
          <span>{t('receipt.byHand')}</span>
          <textarea readOnly rows={card.rows.length + 2} value={receiptSummary(state.context.card ?? card)} onFocus={(event) => event.currentTarget.select()} />
        </label>
      )}
    </div>
  );
}
