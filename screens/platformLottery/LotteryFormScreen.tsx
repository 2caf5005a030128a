import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { lotteryFormFlow } from '../../src/flows/lotteryForm.ts';
import { normaliseLanguage } from '../../src/lib/language.ts';
import { LotteryFormView } from '../common/LotteryFormView.tsx';

/** `/plateform/lottery/new`: an operator makes a lottery activity (audited); the server commits to its seed. */
export default function LotteryFormScreen() {
  const { i18n } = useTranslation();
  const [state, send] = useMachine(lotteryFormFlow, { input: { language: normaliseLanguage(i18n.language) } });
  return (
    <section className="kw-plt-page">
      <LotteryFormView state={state} send={send} listHref="/plateform/lottery" />
    </section>
  );
}
