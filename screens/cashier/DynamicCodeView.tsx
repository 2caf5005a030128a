import { useEffect, useState } from 'react';
import { Button } from 'antd-mobile';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { dynamicCodeMachine, DynamicCodeEvent } from '../../machines/dynamicCode.machine.ts';
import { languageOf, money } from '../common/format.ts';
import { QrCode } from '../common/QrCode.tsx';
import { AmountStep, PaidStep } from './till.tsx';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { WayOn } from '../../src/ui/WayOn.tsx';
import { AmountEntryPanel, amountSent, type AmountEntryActor, type AmountEntryShown } from '../common/AmountEntryView.tsx';

type State = SnapshotFrom<typeof dynamicCodeMachine>;
export type DynamicCodeActor = ActorRefFrom<typeof dynamicCodeMachine>;

/** Seconds until `expiresAt` by this device's clock, for display only (the server decides when a code expires). */
function useSecondsLeft(expiresAt: string | null): number {
  const left = () => (expiresAt ? Math.max(0, Math.ceil((Date.parse(expiresAt) - Date.now()) / 1000)) : 0);
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    if (!expiresAt) return;
    const timer = setInterval(() => setSeconds(left()), 500);
    return () => clearInterval(timer);
  }, [expiresAt]); // eslint-disable-line react-hooks/exhaustive-deps
  return seconds;
}

/** Renders the one-time code chart: the amount, the code on screen with the time left, expired or paid. */
export function DynamicCodeView({ state, send, storeName }: { state: State; send: (event: DynamicCodeEvent) => void; storeName: string }) {
  const { t, i18n } = useTranslation();
  const { context } = state;
  const kz = (centimos: number) => money(centimos, languageOf(i18n.language));
  const secondsLeft = useSecondsLeft(state.matches('showing') ? context.code?.expiresAt ?? null : null);

  const amountStep = (entry: AmountEntryShown) => (
    <AmountStep storeName={storeName} entry={entry} busy={state.hasTag('busy')} onBack={() => send({ type: 'cashier.again' })} title={t('cashier.dynamicTitle')} submit={t('cashier.showCode')} />
  );
  if (state.matches('enteringAmount')) return <AmountEntryPanel actor={state.children.amountEntry as AmountEntryActor | undefined}>{amountStep}</AmountEntryPanel>;
  if (state.matches('creating')) return amountStep(amountSent(context.amountText));
  if (state.matches('showing') && context.code) {
    const minutes = Math.floor(secondsLeft / 60);
    const seconds = String(secondsLeft % 60).padStart(2, '0');
    return (
      <div className="kw-form kw-mch-till">
        <p className="kw-mch-amount-shown">{kz(context.code.amount)}</p>
        <QrCode value={context.code.payload} label={t('cashier.codeLabel', { amount: kz(context.code.amount) })} caption={storeName} size={260} />
        <p className="kw-muted-text kw-centered-text">{t('cashier.timeLeft', { time: `${minutes}:${seconds}` })}</p>
        {state.matches({ showing: 'trouble' })
          ? <FieldError>{t('bank.common.pollTrouble')}</FieldError>
          : <p className="kw-muted-text kw-centered-text" role="status">{t('cashier.waitingPayment')}</p>}
        <Button block size="large" onClick={() => send({ type: 'code.cancelled' })}>{t('cashier.cancelCode')}</Button>
      </div>
    );
  }
  if (state.matches('expired')) {
    return <WayOn problem={t('cashier.expired')} onPress={() => send({ type: 'code.renewed' })} label={t('cashier.renew', { amount: kz(context.amount) })} other={{ label: t('cashier.again'), onPress: () => send({ type: 'cashier.again' }) }} />;
  }
  if (state.matches('paid')) return <PaidStep payment={context.payment} amount={context.amount} send={send} />;
  // ended: the cashier is back at its modes
  return null;
}

/** The cashier's one-time code child, drawn from its own actor (absent for the instant the chart ends). */
export function DynamicCodePanel({ actor, storeName }: { actor: DynamicCodeActor | undefined; storeName: string }) {
  const state = useSelector(actor, (snapshot) => snapshot);
  return actor && state ? <DynamicCodeView state={state} send={(event) => actor.send(event)} storeName={storeName} /> : null;
}
