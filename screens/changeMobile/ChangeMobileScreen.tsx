import { useMemo } from 'react';
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { changeMobileFlow } from '../../src/flows/changeMobile.ts';
import { PageHeader, useGoBack } from '../../src/ui/PageHeader.tsx';
import { ChangeMobileView } from './ChangeMobileView.tsx';

/** `/app/changemobile`: change the account's mobile number. */
export default function ChangeMobileScreen() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const machine = useMemo(() => changeMobileFlow.provide({ actions: { goBack } }), [goBack]);
  const [state, send] = useMachine(machine);
  return (
    <>
      <PageHeader title={t('titles.changeMobile')} />
      <ChangeMobileView state={state} send={send} />
    </>
  );
}
