import { useMemo, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { voucherRedeemFlow } from '../../src/flows/voucherRedeem.ts';
import { FlowPage } from '../common/FlowPage.tsx';
import { languageOf } from '../common/format.ts';
import { VoucherRedeemView } from './VoucherRedeemView.tsx';
import '../common/wallet.css';

/**
 * `/app/cashier/voucher`: a group-package voucher redeemed at the till of `storeId` (scanned, typed,
 * or `code` read already by the cashier's scanner); done, back to that till.
 */
export default function VoucherRedeemScreen({ storeId, code }: { storeId?: string | number; code?: string }) {
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const store = storeId === undefined ? null : String(storeId);
  const machine = useMemo(() => voucherRedeemFlow.provide({
    actions: { backToTill: () => void navigate({ href: store ? `/app/cashier?storeId=${store}` : '/app/cashier', replace: true }) },
  }), [navigate, store]);
  // the address is read once: the chart keeps the code it goes on with
  const [input] = useState(() => ({ language: languageOf(i18n.language), storeId: store, code: code ?? null }));
  return <FlowPage flow={machine} input={input} title="titles.voucherRedeem" view={VoucherRedeemView} />;
}
