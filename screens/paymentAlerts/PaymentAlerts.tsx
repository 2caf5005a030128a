import { useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { AlertPayment } from '../../services/contract/paymentAlerts.ts';
import { paymentAlertsFlow, rememberedVoice, rememberVoice } from '../../src/flows/paymentAlerts.ts';
import { INTL_LOCALE, type Language } from '../../src/lib/language.ts';
import { storage } from '../../src/lib/storage.ts';
import { languageOf } from '../common/format.ts';
import { PaymentAlertsView } from './PaymentAlertsView.tsx';

/** The voices speechSynthesis is asked for: Portuguese (Portugal's voices read Angolan text well), English, Mandarin. */
const SPEECH_LOCALE: Record<Language, string> = { pt: 'pt-PT', en: 'en-GB', zh: 'zh-CN', fr: 'fr-FR' };

/** "1 500" / "1,500" / "1 500,50": the amount as words are read, without the currency sign. */
export function spokenAmount(centimos: number, language: Language): string {
  const formatter = new Intl.NumberFormat(INTL_LOCALE[language], { minimumFractionDigits: centimos % 100 === 0 ? 0 : 2, maximumFractionDigits: 2 });
  return formatter.format(centimos / 100).replace(/\u00a0|\u202f/g, ' ');
}

/**
 * Live payment alerts, for the cashier (and the records screen): mounts the paymentAlerts chart,
 * which listens while the screen is open and stops with it, and reads each payment aloud when the
 * member switched it on (their choice is remembered in this browser, per member).
 */
export function PaymentAlerts() {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const memberId = storage.getUserInfo()?.memberId;
  // the chart is made once for the screen's life; the words follow the language of the moment
  const words = useRef({ t, language });
  words.current = { t, language };
  const [flow] = useState(() =>
    paymentAlertsFlow.provide({
      actions: {
        speak: (_, { payments }: { payments: AlertPayment[] }) => {
          if (typeof window === 'undefined' || !window.speechSynthesis || typeof SpeechSynthesisUtterance === 'undefined') return;
          const { t: say, language: now } = words.current;
          for (const payment of payments) {
            const utterance = new SpeechSynthesisUtterance(say('paymentAlerts.spoken', { amount: spokenAmount(payment.amount, now) }));
            utterance.lang = SPEECH_LOCALE[now];
            window.speechSynthesis.speak(utterance);
          }
        },
        rememberVoice: (_, { on }: { on: boolean }) => rememberVoice(memberId, on),
      },
    }),
  );
  const [state, send] = useMachine(flow, { input: { voice: rememberedVoice(memberId) } });
  return <PaymentAlertsView state={state} send={send} />;
}
