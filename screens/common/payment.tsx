import { Button } from 'antd-mobile';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { paymentMachine, PaymentEvent } from '../../machines/payment.machine.ts';
import type { payConfirmMachine } from '../../machines/payConfirm.machine.ts';
import type { newPayPasswordMachine } from '../../machines/newPayPassword.machine.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { Loading } from '../../src/ui/LoadFailed.tsx';
import { Notice } from '../../src/ui/Notice.tsx';
import { PayConfirmPanel } from './PayConfirmView.tsx';
import { NewPayPasswordPanel } from './NewPayPasswordView.tsx';

/**
 * The ending the money flows share (top-up, withdrawal, transfer…): the payment child's steps (the
 * pay password, setting it when there is none, paying, an answer that did not arrive, a refusal),
 * in each flow's own words. Apart
 * from the other shared parts so that screens without a payment do not load the secure keypad;
 * what follows at the bank (top-up, withdrawal) is in bank.tsx.
 */

/** The i18n keys of what a flow's payment steps say: each flow keeps its own words. */
export interface PaymentWords {
  /** While the payment is on its way. */
  paying: string;
  /** No answer: the payment may have been made, and trying again never pays twice. */
  uncertain: string;
  uncertainTitle: string;
  retry: string;
  checkRecords: string;
  /** PAY10002, with the minutes until paying unlocks. */
  locked: string;
  /** No pay password yet: set it now, here, and come back to this payment. */
  setPayPassword: string;
  /** The parent's cancel while the pay password is asked, and after a refusal. */
  cancel: string;
  back: string;
}

/**
 * A flow's payment words in its own section of the texts: `<section>.uncertain`, `.uncertainTitle`,
 * `.retry`, `.checkRecords`, `.locked` and `.setPayPassword`; what it says while paying and the way
 * back (its cancel too) are its own keys.
 */
export function paymentWordsIn(section: string, { paying, back }: { paying: string; back: string }): PaymentWords {
  const key = (name: string) => `${section}.${name}`;
  return {
    paying, uncertain: key('uncertain'), uncertainTitle: key('uncertainTitle'), retry: key('retry'), checkRecords: key('checkRecords'),
    locked: key('locked'), setPayPassword: key('setPayPassword'), cancel: back, back,
  };
}

interface PaymentProps {
  /** What is being paid, shown above every step. */
  summary: React.ReactNode;
  words: PaymentWords;
  /** Sends the parent's cancel event: offered while the pay password is asked or after a refusal, never while the payment may be on its way. */
  onLeave: () => void;
}

/** The payment child's state: its keypad (PayConfirmPanel), setting the pay password, paying, a lost answer to retry as it was, a refusal and why. */
export function PaymentView({ state, send, summary, words, onLeave }: PaymentProps & { state: SnapshotFrom<typeof paymentMachine>; send: (event: PaymentEvent) => void }) {
  const { t } = useTranslation();
  const { context } = state;
  const leave = (label: string) => <Button block size="large" onClick={onLeave}>{t(label)}</Button>;
  if (state.matches('authorising')) {
    const payConfirm = state.children.payConfirm as ActorRefFrom<typeof payConfirmMachine> | undefined;
    return (
      <div className="kw-form">
        {summary}
        {state.matches({ authorising: 'reauthorising' }) && <FieldError>{t('errors.FND10008')}</FieldError>}
        {state.matches({ authorising: 'afterSetting' }) && <Notice kind="success">{t('payConfirm.afterSetting')}</Notice>}
        {payConfirm && <PayConfirmPanel actor={payConfirm} />}
        {leave(words.cancel)}
      </div>
    );
  }
  if (state.matches('settingPayPassword')) {
    // the pay password chosen here; this payment (its amount, the parent's whole state) waits for it
    const child = state.children.newPayPassword as ActorRefFrom<typeof newPayPasswordMachine> | undefined;
    return (
      <div className="kw-form">
        {summary}
        {child && <NewPayPasswordPanel actor={child} />}
        {leave(words.cancel)}
      </div>
    );
  }
  if (state.matches('uncertain')) {
    return (
      <div className="kw-form">
        {summary}
        <h2 className="kw-step-title">{t(words.uncertainTitle)}</h2>
        <FieldError>{t(words.uncertain)}</FieldError>
        <Button block color="primary" size="large" onClick={() => send({ type: 'payment.retry' })}>{t(words.retry)}</Button>
        <a className="kw-text-button kw-centered-text" href="/app/funddetail">{t(words.checkRecords)}</a>
      </div>
    );
  }
  if (state.matches('refused')) {
    const message = state.matches({ refused: 'locked' })
      ? t(words.locked, { minutes: context.lockMinutes ?? '' })
      : state.matches({ refused: 'noPayPassword' })
        ? t('errors.PAY10006')
        : context.errorCode ? t(`errors.${context.errorCode}`) : t('network.gateway');
    return (
      <div className="kw-form">
        {summary}
        <FieldError>{message}</FieldError>
        {state.matches({ refused: 'noPayPassword' }) && (
          // set here, then back to this same payment: nothing typed so far is lost
          <Button block color="primary" size="large" onClick={() => send({ type: 'payPasswordSetup.started' })}>{t(words.setPayPassword)}</Button>
        )}
        {leave(words.back)}
      </div>
    );
  }
  // applying, or answered while the parent moves on
  return (
    <div className="kw-form">
      {summary}
      <Loading label={t(words.paying)} />
    </div>
  );
}

/** The payment child of a money flow, rendered from its own actor. */
export function PaymentPanel({ actor, ...props }: PaymentProps & { actor: ActorRefFrom<typeof paymentMachine> | undefined }) {
  const state = useSelector(actor, (snapshot) => snapshot);
  return actor && state ? <PaymentView state={state} send={(event) => actor.send(event)} {...props} /> : <div className="kw-form">{props.summary}</div>;
}
