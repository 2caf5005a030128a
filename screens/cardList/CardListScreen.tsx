import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { cardListFlow } from '../../src/flows/cardList.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { CardListView } from './CardListView.tsx';
import '../common/bank.css';

/** `/app/cards`: the member's bound debit cards. */
export default function CardListScreen() {
  const { t } = useTranslation();
  const [state, send] = useMachine(cardListFlow);
  return (
    <>
      <PageHeader title={t('titles.cardList')} />
      <CardListView state={state} send={send} />
    </>
  );
}
