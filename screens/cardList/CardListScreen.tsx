import { useMemo } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useTranslation } from 'react-i18next';
import { cardListMachine } from '../../machines/cardList.machine.ts';
import { requestGateway } from '../../services/gateway.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { CardListView } from './CardListView.tsx';
import '../common/bank.css';

/** `/app/cards`: the member's bound debit cards. */
export default function CardListScreen() {
  const { t } = useTranslation();
  const machine = useMemo(
    () =>
      cardListMachine.provide({
        actors: {
          loadCards: fromPromise(() => requestGateway('wallet/card/getAllBankCard', {}, { quiet: true })),
          removeCard: fromPromise(({ input }: { input: { cardId: string } }) => requestGateway('wallet/card/removeBankCard', input)),
        },
      }),
    [],
  );
  const [state, send] = useMachine(machine);
  return (
    <>
      <PageHeader title={t('titles.cardList')} />
      <CardListView state={state} send={send} />
    </>
  );
}
