import { useMemo } from 'react';
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { payPasswordFlow } from '../../src/flows/payPassword.ts';
import { PageHeader, useGoBack } from '../../src/ui/PageHeader.tsx';
import { PayPasswordView } from './PayPasswordView.tsx';

/** `/app/paypassword`: set (or reset) the 6-digit pay password on the secure keypad. */
export default function PayPasswordFlow({ alreadySet }: { alreadySet: boolean }) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const machine = useMemo(() => payPasswordFlow.provide({ actions: { goBack } }), [goBack]);
  const [state, send] = useMachine(machine, { input: { alreadySet } });
  return (
    <>
      <PageHeader title={t('titles.payPassword')} />
      <PayPasswordView state={state} send={send} />
    </>
  );
}
