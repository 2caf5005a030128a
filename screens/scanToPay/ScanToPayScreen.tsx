import { useMemo } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { pageOfScan } from '../../src/scan/kinds.ts';
import { scanToPayFlow } from '../../src/flows/scanToPay.ts';
import { FlowPage } from '../common/FlowPage.tsx';
import { languageOf } from '../common/format.ts';
import { ScanToPayView } from './ScanToPayView.tsx';
import '../common/wallet.css';

/**
 * `/app/scan`: pay a merchant by its collection code (camera, a photo, or the serial typed); a
 * code of another kind (a staff invitation…) opens its own flow's page, as the scan table
 * (src/scan/kinds.ts) routes it.
 */
export default function ScanToPayScreen() {
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const machine = useMemo(() => scanToPayFlow.provide({
    actions: {
      openScanned: ({ context }) => {
        const page = pageOfScan(context.scanned?.text ?? '');
        if (page) void navigate({ href: page, replace: true });
      },
    },
  }), [navigate]);
  return <FlowPage flow={machine} input={{ language: languageOf(i18n.language) }} title="titles.scanToPay" view={ScanToPayView} />;
}
