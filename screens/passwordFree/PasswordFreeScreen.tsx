import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { passwordFreeFlow } from '../../src/flows/passwordFree.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { languageOf } from '../common/format.ts';
import { PasswordFreeView } from './PasswordFreeView.tsx';
import '../common/wallet.css';

/** `/app/nopwd`: password-free payments by payment code (agreement/nopwd), on with a limit or off. */
export default function PasswordFreeScreen() {
  const { t, i18n } = useTranslation();
  const [state, send] = useMachine(passwordFreeFlow, { input: { language: languageOf(i18n.language) } });
  return (
    <>
      <PageHeader title={t('titles.passwordFree')} />
      <PasswordFreeView state={state} send={send} />
    </>
  );
}
