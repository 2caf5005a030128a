import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { refundFlow } from '../../src/flows/refund.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { languageOf } from '../common/format.ts';
import { RefundView } from './RefundView.tsx';
import '../common/wallet.css';

/** `/app/records/$id`: one record, and (the merchant's owner only) its refund. */
export default function RefundScreen({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const [state, send] = useMachine(refundFlow, { input: { recordId: id, language: languageOf(i18n.language) } });
  return (
    <>
      <PageHeader title={t('titles.record')} />
      <RefundView state={state} send={send} />
    </>
  );
}
