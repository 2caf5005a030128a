import { useMemo } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { invitationTokenIn } from '../../services/contract/merchantShared.ts';
import { scanToPayFlow } from '../../src/flows/scanToPay.ts';
import { FlowPage } from '../common/FlowPage.tsx';
import { languageOf } from '../common/format.ts';
import { ScanToPayView } from './ScanToPayView.tsx';
import '../common/wallet.css';

/** `/app/scan`: pay a merchant by its collection code (camera, a photo, or the serial typed). */
export default function ScanToPayScreen() {
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  // a staff invitation's QR opens the invitation instead of a payment
  const machine = useMemo(() => scanToPayFlow.provide({
    actions: {
      openInvitation: ({ context }) => {
        const token = invitationTokenIn(context.scanned?.text ?? '');
        if (token) void navigate({ to: '/app/invitation/$token', params: { token }, replace: true });
      },
    },
  }), [navigate]);
  return <FlowPage flow={machine} input={{ language: languageOf(i18n.language) }} title="titles.scanToPay" view={ScanToPayView} keypad />;
}
