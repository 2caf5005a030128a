import { Button } from 'antd-mobile';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { codeChargeMachine, CodeChargeEvent } from '../../machines/codeCharge.machine.ts';
import type { scannerMachine } from '../../machines/scanner.machine.ts';
import { languageOf, money } from '../common/format.ts';
import { Scanner } from '../common/Scanner.tsx';
import { AgainButton, AmountStep, PaidStep } from './till.tsx';
import { AmountEntryPanel, type AmountEntryActor } from '../common/AmountEntryView.tsx';
import { word } from '../../src/lib/sentence.ts';
import { Loading } from '../../src/ui/LoadFailed.tsx';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { Notice } from '../../src/ui/Notice.tsx';
import { WayOn } from '../../src/ui/WayOn.tsx';

type State = SnapshotFrom<typeof codeChargeMachine>;
export type CodeChargeActor = ActorRefFrom<typeof codeChargeMachine>;

/** The customer's side's refusals that have words for the cashier; anything else reads as refused. */
const CHARGE_REFUSALS = ['MCH10008', 'MCH10005', 'MCH10014', 'FND10001', 'FND10003', 'FND10004', 'PAY10002'];

/** Renders the payment-code charge chart: the amount, the scanner, the charge, the customer's confirmation, and the outcome. */
export function CodeChargeView({ state, send, storeName }: { state: State; send: (event: CodeChargeEvent) => void; storeName: string }) {
  const { t, i18n } = useTranslation();
  const { context } = state;
  const kz = (centimos: number) => money(centimos, languageOf(i18n.language));

  // this amount step makes no call (the charge is asked only once the code is scanned): nothing refused it
  if (state.matches('enteringAmount')) {
    return (
      <AmountEntryPanel actor={state.children.amountEntry as AmountEntryActor | undefined}>
        {(entry) => <AmountStep storeName={storeName} entry={entry} busy={false} onBack={() => send({ type: 'cashier.again' })} title={t('cashier.scanTitle')} submit={t('cashier.scanCode')} />}
      </AmountEntryPanel>
    );
  }
  if (state.matches('scanning')) {
    return (
      <div className="kw-form">
        <p className="kw-mch-amount-shown">{kz(context.amount)}</p>
        <p className="kw-muted-text">{t('cashier.scanExplain')}</p>
        <Scanner actor={state.children.scanner as ActorRefFrom<typeof scannerMachine> | undefined} />
        <Button block size="large" onClick={() => send({ type: 'scan.cancelled' })}>{t('common.cancel')}</Button>
      </div>
    );
  }
  if (state.matches('notAPaymentCode')) {
    return <WayOn problem={t('cashier.notAPaymentCode')} onPress={() => send({ type: 'scan.again' })} label={t('cashier.scanAgain')} other={{ label: t('common.cancel'), onPress: () => send({ type: 'scan.cancelled' }) }} />;
  }
  // a group-package voucher, not a payment code: its redemption page opens (the screen navigates)
  if (state.matches('voucherRead')) {
    return (
      <div className="kw-form">
        <Loading label={t('cashier.voucherRead')} />
        <Button block size="large" onClick={() => send({ type: 'scan.cancelled' })}>{t('common.cancel')}</Button>
      </div>
    );
  }
  if (state.matches('sending')) {
    return <Loading label={t('cashier.charging', { amount: kz(context.amount) })} />;
  }
  if (state.matches('uncertain')) {
    return (
      <div className="kw-form">
        <FieldError>{t('cashier.uncertain')}</FieldError>
        <p className="kw-muted-text">{t('cashier.uncertainExplain')}</p>
        <Button block color="primary" size="large" onClick={() => send({ type: 'charge.retry' })}>{t('bank.common.retrySame')}</Button>
      </div>
    );
  }
  if (state.matches('awaiting')) {
    return (
      <div className="kw-form">
        <p className="kw-mch-amount-shown">{kz(context.charge?.amount ?? context.amount)}</p>
        {state.matches({ awaiting: 'trouble' })
          ? <FieldError>{t('bank.common.pollTrouble')}</FieldError>
          : <Notice>{t('cashier.awaiting')}</Notice>}
        <p className="kw-muted-text">{t('cashier.awaitingExplain')}</p>
      </div>
    );
  }
  if (state.matches('paid')) return <PaidStep payment={context.payment} amount={context.amount} send={send} />;
  if (state.matches('refused')) {
    const code = context.errorCode;
    return (
      <div className="kw-form">
        <FieldError>
          {code && CHARGE_REFUSALS.includes(code) ? t(`errors.${code}`)
            : code ? t('cashier.refusedWith', { reason: word(`errors.${code}`, 'errors.AGW50000') })
              // refused without a code: the customer said no on their phone
              : context.charge?.state === 'refused' ? t('cashier.declined') : t('cashier.refused')}
        </FieldError>
        <AgainButton send={send} />
      </div>
    );
  }
  // ended: the cashier is back at its modes
  return null;
}

/** The cashier's payment-code charge child, drawn from its own actor (absent for the instant the chart ends). */
export function CodeChargePanel({ actor, storeName }: { actor: CodeChargeActor | undefined; storeName: string }) {
  const state = useSelector(actor, (snapshot) => snapshot);
  return actor && state ? <CodeChargeView state={state} send={(event) => actor.send(event)} storeName={storeName} /> : null;
}
