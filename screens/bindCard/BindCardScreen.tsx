import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { bindCardFlow } from '../../src/flows/bindCard.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { BindCardView, type BindOrigin } from './BindCardView.tsx';
import '../common/bank.css';

/** `/app/cards/bind`: binding a debit card; `from` (top-up, withdrawal, opening a collection account) is where "continue" leads once it is bound. */
export default function BindCardScreen({ from }: { from?: BindOrigin }) {
  const { t } = useTranslation();
  const [state, send] = useMachine(bindCardFlow);
  return (
    <>
      <PageHeader title={t('titles.bindCard')} />
      <BindCardView state={state} send={send} from={from} />
    </>
  );
}
