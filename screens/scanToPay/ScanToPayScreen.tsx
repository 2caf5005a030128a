import { useEffect } from 'react';
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { scanToPayFlow } from '../../services/flows/scanToPay.ts';
import { clearKeypadKeys } from '../../services/keypad.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { languageOf } from '../common/format.ts';
import { ScanToPayView } from './ScanToPayView.tsx';
import '../common/wallet.css';

/** `/app/scan`: pay a merchant by its collection code (camera, a photo, or the serial typed). */
export default function ScanToPayScreen() {
  const { t, i18n } = useTranslation();
  const [state, send] = useMachine(scanToPayFlow, { input: { language: languageOf(i18n.language) } });
  useEffect(() => () => clearKeypadKeys(), []); // leaving with the keypad shown
  return (
    <>
      <PageHeader title={t('titles.scanToPay')} />
      <ScanToPayView state={state} send={send} />
    </>
  );
}
