import { useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { paymentAlertsMachine, PaymentAlertsEvent } from '../../machines/paymentAlerts.machine.ts';
import type { AlertPayment } from '../../services/contract/paymentAlerts.ts';
import { paymentAlertsFlow, rememberedVoice, rememberVoice } from '../../src/flows/paymentAlerts.ts';
import { INTL_LOCALE, type Language } from '../../src/lib/language.ts';
import { storage } from '../../src/lib/storage.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { Notice } from '../../src/ui/Notice.tsx';
import { languageOf, lineTime, money } from './format.ts';
import { useSoundAllowed } from './sound.ts';
import './paymentAlerts.css';

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

type State = SnapshotFrom<typeof paymentAlertsMachine>;

/** A speaker with its sound waves, or crossed out (drawn: no emoji font is sure to be there). */
function Speaker({ on }: { on: boolean }) {
  return (
    <svg className="kw-alerts-speaker" viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
      <path d="M2.5 7.5h3.5l4.5-4v13l-4.5-4H2.5z" fill="currentColor" />
      <path d={on ? 'M13 7a4 4 0 0 1 0 6M15.5 4.5a7.5 7.5 0 0 1 0 11' : 'M13 7.5l5 5M18 7.5l-5 5'} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The live alerts strip a till or records screen shows: whether it is listening, the latest
 * payments (announced politely to screen readers as they arrive), and the read-aloud switch.
 */
export function PaymentAlertsView({ state, send }: { state: State; send: (event: PaymentAlertsEvent) => void }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const { context } = state;
  const voiceOn = state.matches({ voice: 'on' });
  // the browser lets the page speak only once it has been touched: until then, say so
  const soundAllowed = useSoundAllowed();
  let status: React.ReactNode;
  if (state.matches({ stream: 'removed' })) status = <FieldError>{t('errors.STF10009')}</FieldError>;
  else if (state.matches({ stream: 'stopped' })) {
    status = (
      <>
        <FieldError>{t(`errors.${context.errorCode}`, { defaultValue: t('paymentAlerts.stopped') })}</FieldError>
        <button type="button" className="kw-text-button" onClick={() => send({ type: 'stream.retry' })}>{t('paymentAlerts.retry')}</button>
      </>
    );
  } else if (state.matches({ stream: 'crowded' })) {
    status = <FieldError>{t('paymentAlerts.crowded')}</FieldError>;
  } else if (state.matches({ stream: 'reconnecting' })) {
    status = (
      <>
        <FieldError>{t('paymentAlerts.reconnecting')}</FieldError>
        <button type="button" className="kw-text-button" onClick={() => send({ type: 'stream.retry' })}>{t('paymentAlerts.retry')}</button>
      </>
    );
  } else {
    status = <Notice>{state.hasTag('live') ? t('paymentAlerts.listening') : t('paymentAlerts.connecting')}</Notice>;
  }
  return (
    <section className="kw-alerts" aria-label={t('paymentAlerts.title')}>
      <div className="kw-alerts-head">
        <span className={`kw-alerts-dot${state.hasTag('live') ? ' kw-alerts-live' : ''}`} aria-hidden="true" />
        <div className="kw-alerts-status">{status}</div>
        {/* a switch that looks like one: the speaker struck through while off */}
        <button type="button" className="kw-alerts-voice" aria-pressed={voiceOn} onClick={() => send({ type: 'voice.toggled' })}>
          <Speaker on={voiceOn} /> {t('paymentAlerts.readAloud')}
        </button>
      </div>
      {voiceOn && !soundAllowed && <p className="kw-muted-text kw-alerts-touch">{t('paymentAlerts.touchToHear')}</p>}
      {/* the live region wraps the list: a <ul> given role="log" would stop being a list for its items */}
      <div role="log" aria-live="polite" aria-label={t('paymentAlerts.latest')}>
      <ul className="kw-alerts-list">
        {context.payments.map((payment) => (
          <li key={payment.paymentId} className="kw-alerts-item">
            <span className="kw-fund-amount kw-fund-income">+{money(payment.amount, language)}</span>
            <span className="kw-fund-meta">{payment.storeName} · {lineTime(payment.at, language)}</span>
          </li>
        ))}
      </ul>
      </div>
    </section>
  );
}
