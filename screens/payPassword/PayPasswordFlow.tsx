import { useMemo } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useTranslation } from 'react-i18next';
import { payPasswordMachine, type Keypad } from '../../machines/payPassword.machine.ts';
import { requestGateway, type Outcome } from '../../services/gateway.ts';
import { storage } from '../../src/lib/storage.ts';
import { goBack, PageHeader } from '../../src/ui/PageHeader.tsx';
import { PayPasswordView } from './PayPasswordView.tsx';
import { encryptPositions } from '../../services/keypad.ts';

/** `/app/paypassword`: set (or reset) the 6-digit pay password on the secure keypad. */
export default function PayPasswordFlow({ alreadySet }: { alreadySet: boolean }) {
  const { t } = useTranslation();
  const machine = useMemo(
    () =>
      payPasswordMachine.provide({
        actors: {
          getKeypad: fromPromise<Outcome<Keypad>>(() => requestGateway('common/getRandomKey', {})),
          savePayPassword: fromPromise(async ({ input }): Promise<Outcome<{ set: true }>> => {
            const entry = await encryptPositions(input.keypad, input.positions);
            return requestGateway('wallet/password/setPayPwd', { ...entry, ...(input.resetTicket ? { resetTicket: input.resetTicket } : {}) });
          }),
          sendResetCode: fromPromise<Outcome<{ sentTo?: string }>>(() => requestGateway('wallet/paypassword/forgetPayPassword', { step: 'sendCode' })),
          verifyResetCode: fromPromise<Outcome<{ resetTicket?: string }>, { code: string }>(({ input }) => requestGateway('wallet/paypassword/forgetPayPassword', { step: 'verifyCode', code: input.code })),
        },
        actions: {
          storeKeypadKeys: ({ context }) =>
            context.keypad &&
            storage.setKeypadKeys({ mapArr: JSON.stringify(context.keypad.mapArr), randKey: context.keypad.randKey, rsaPublicKey: context.keypad.rsaPublicKey }),
          clearKeypadKeys: () => storage.clearKeypadKeys(),
          goBack: () => goBack(),
        },
      }),
    [],
  );
  const [state, send] = useMachine(machine, { input: { alreadySet } });
  return (
    <>
      <PageHeader title={t('titles.payPassword')} />
      <PayPasswordView state={state} send={send} />
    </>
  );
}
