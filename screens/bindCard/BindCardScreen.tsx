import { useMemo } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useTranslation } from 'react-i18next';
import { bindCardMachine } from '../../machines/bindCard.machine.ts';
import { requestGateway } from '../../services/gateway.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { BindCardView, type BindOrigin } from './BindCardView.tsx';
import '../common/bank.css';

type SendInput = { cardNo: string; mobile: string };
const sendBindCode = ({ input }: { input: SendInput }) => requestGateway('wallet/card/inputMobile', input);

/** `/app/cards/bind`: binding a debit card; `from` (top-up, withdrawal) is where "continue" leads once it is bound. */
export default function BindCardScreen({ from }: { from?: BindOrigin }) {
  const { t } = useTranslation();
  const machine = useMemo(
    () =>
      bindCardMachine.provide({
        actors: {
          checkBin: fromPromise(({ input }: { input: { cardNo: string } }) => requestGateway('wallet/card/checkCardBin', input)),
          sendCode: fromPromise(sendBindCode),
          resendCode: fromPromise(sendBindCode),
          verifyCode: fromPromise(({ input }: { input: { bindId: string; code: string } }) => requestGateway('wallet/card/verifyAuthCode', input)),
        },
      }),
    [],
  );
  const [state, send] = useMachine(machine);
  return (
    <>
      <PageHeader title={t('titles.bindCard')} />
      <BindCardView state={state} send={send} from={from} />
    </>
  );
}
