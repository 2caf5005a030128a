import { useMemo, useState } from 'react';
import { useMachine } from '@xstate/react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { cashierFlow } from '../../src/flows/cashier.ts';
import { codeChargeFlow } from '../../src/flows/codeCharge.ts';
import { dynamicCodeFlow } from '../../src/flows/dynamicCode.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { playPaidChime } from '../common/sound.ts';
import { languageOf } from '../common/format.ts';
import { CashierView } from './CashierView.tsx';
import { PaymentAlerts } from '../common/PaymentAlerts.tsx';
import { voucherRedeemPath } from '../../src/scan/kinds.ts';

/**
 * The till as this screen runs it: each mode's paid state chimes (Web Audio, made on the phone); a
 * group-package voucher read where a payment code was expected opens its redemption for the store.
 */
const tillFlowWith = (openVoucher: (storeId: string, code: string) => void) => cashierFlow.provide({
  actors: {
    dynamicCode: dynamicCodeFlow.provide({ actions: { announcePaid: playPaidChime } }),
    codeCharge: codeChargeFlow.provide({
      actions: {
        announcePaid: playPaidChime,
        openVoucher: ({ context }) => {
          if (context.voucherCode) openVoucher(context.storeId, context.voucherCode);
        },
      },
    }),
  },
});

/** `/app/cashier`: the merchant's till, for one of its open stores. */
export default function CashierScreen({ storeId }: { storeId?: string | number }) {
  const { t, i18n } = useTranslation();
  const [input] = useState(() => ({ language: languageOf(i18n.language), storeId: storeId === undefined ? null : String(storeId) }));
  const navigate = useNavigate();
  const tillFlow = useMemo(() => tillFlowWith((store, code) => void navigate({ href: voucherRedeemPath(code, store) })), [navigate]);
  const [state, send] = useMachine(tillFlow, { input });
  return (
    <>
      <PageHeader title={t('titles.cashier')} />
      <CashierView state={state} send={send} />
      {/* each payment to the caller's stores as it is made, read aloud if asked: only at an open till
          (a clerk with nowhere to collect, or a till still loading, has no payments to hear) */}
      {state.hasTag('atTill') && <PaymentAlerts />}
    </>
  );
}
