import { Button, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import { cardNoMistyped, groupCardNumber, type bindCardMachine, type BindCardEvent } from '../../machines/bindCard.machine.ts';
import type { BindCodeSent } from '../../machines/bankFlow.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { VerifyFirst } from '../../src/ui/LoadFailed.tsx';
import { CodeEntryPanel, useCodeStep, type CodeEntryActor, type WaitWords } from '../common/CodeEntryView.tsx';
import { useSending } from '../common/SendCodeView.tsx';
import { LinkButton } from '../../src/ui/LinkButton.tsx';
import { Notice } from '../../src/ui/Notice.tsx';
import { Field } from '../../src/ui/Field.tsx';
import { MobileField } from '../common/MobileField.tsx';
import { cardLabel } from '../common/bank.tsx';

type State = SnapshotFrom<typeof bindCardMachine>;
type Send = (event: BindCardEvent) => void;
/** The flow that sent the member here to bind a card, where "continue" goes back to. */
export type BindOrigin = 'topup' | 'withdraw' | 'open';

const CARD_PROBLEMS = ['incomplete', 'mistyped', 'binUnknown', 'creditCard', 'bankNotSupported', 'holderNotMember', 'refused', 'unreachable'] as const;
const MOBILE_PROBLEMS = ['invalid', 'mobileMismatch', 'holderMismatch', 'cardUnknown', 'alreadyBound'] as const;
// the bank's words: no code was sent to this number yet
const bankWait: WaitWords = (t, seconds) => t('bindCard.waitSeconds', { seconds });

/** Renders the binding chart: card number (grouped, Luhn hint), the bank and holder, the card's mobile, the SMS code, bound. */
export function BindCardView({ state, send, from }: { state: State; send: Send; from?: BindOrigin }) {
  const { t } = useTranslation();
  const { context } = state;
  // the code entry child: the mobile's form until the bank sent a code, then the code entry
  const codeEntry = state.children.codeEntry as CodeEntryActor | undefined;
  const code = useCodeStep(codeEntry, bankWait);
  const sending = useSending(code.sendCode);
  const busy = state.hasTag('busy') || sending;

  if (state.matches('notVerified')) {
    return <VerifyFirst label={t('bank.common.verify')} />;
  }
  if (state.matches('enteringCardNo') || state.matches('checkingBin')) {
    const problem = CARD_PROBLEMS.find((p) => state.matches({ enteringCardNo: p }));
    const messages: Record<(typeof CARD_PROBLEMS)[number], string> = {
      incomplete: t('bindCard.incomplete'),
      mistyped: t('bindCard.luhn'),
      binUnknown: t('errors.CRD10001'),
      creditCard: t('errors.CRD10002'),
      bankNotSupported: t('errors.CRD10009'),
      holderNotMember: t('errors.CRD10003'),
      refused: t(`errors.${context.errorCode ?? 'AGW50000'}`),
      unreachable: t('network.gateway'),
    };
    // while typing only: a whole-length number failing Luhn is probably mistyped
    const hint = !problem && cardNoMistyped(context.cardNo);
    return (
      <form className="kw-form" noValidate onSubmit={(e) => { e.preventDefault(); send({ type: 'cardNo.submitted' }); }}>
        <h2 className="kw-step-title">{t('bindCard.cardNoTitle')}</h2>
        <Field id="bind-card-no" label={t('bindCard.cardNoLabel')}>
          <Input
            id="bind-card-no"
            className="kw-card-number-input"
            inputMode="numeric"
            autoComplete="cc-number"
            value={groupCardNumber(context.cardNo)}
            onChange={(value) => send({ type: 'cardNo.changed', value })}
            placeholder="0000 0000 0000 0000"
            maxLength={23}
            disabled={busy}
            aria-describedby="bind-card-no-hint"
          />
          <span id="bind-card-no-hint" className="kw-hint">{hint ? t('bindCard.luhnHint') : t('bindCard.cardNoHint')}</span>
        </Field>
        {problem && <FieldError>{messages[problem]}</FieldError>}
        {busy && <Notice>{t('bindCard.checking')}</Notice>}
        <Button block color="primary" size="large" type="submit" loading={busy} disabled={busy}>{t('bank.common.continue')}</Button>
      </form>
    );
  }
  const bin = context.bin;
  const cardLine = bin ? `${bin.bankShort} •••• ${context.cardNo.slice(-4)}` : '';
  // the holder only from the bank's answer (the code was sent: the bank found the card in the member's name)
  const holder = (code.sent as BindCodeSent | null)?.holderName;
  const cardFacts = bin && (
    <dl className="kw-summary kw-bank-summary">
      <dt>{t('bindCard.bank')}</dt>
      <dd>{`${bin.bankShort} — ${bin.bankName}`}</dd>
      <dt>{t('withdrawal.card')}</dt>
      <dd>{cardLine}</dd>
      {holder && (
        <>
          <dt>{t('bindCard.holder')}</dt>
          <dd>{holder}</dd>
        </>
      )}
    </dl>
  );
  if (state.matches('enteringMobile') || (state.matches('verifyingByCode') && !code.entering)) {
    const problem = MOBILE_PROBLEMS.find((p) => state.matches({ enteringMobile: p }));
    const messages: Record<(typeof MOBILE_PROBLEMS)[number], string> = {
      invalid: t('bindCard.mobileInvalid'),
      mobileMismatch: t('errors.CRD10004'),
      holderMismatch: t('errors.CRD10003'),
      cardUnknown: t('errors.CRD10005'),
      alreadyBound: t('errors.CRD10006'),
    };
    const message = problem ? messages[problem] : code.unsent;
    return (
      <form className="kw-form" noValidate onSubmit={(e) => { e.preventDefault(); if (code.requestAgain) code.requestAgain(); else send({ type: 'mobile.submitted' }); }}>
        {cardFacts}
        <h2 className="kw-step-title">{t('bindCard.mobileTitle')}</h2>
        <p className="kw-muted-text">{t('bindCard.mobileExplain')}</p>
        <MobileField id="bind-mobile" label={t('bindCard.mobileLabel')} value={context.mobile} onChange={(value) => send({ type: 'mobile.changed', value })} />
        {message && <FieldError>{message}</FieldError>}
        {busy && <Notice>{t('bindCard.sending')}</Notice>}
        <Button block color="primary" size="large" type="submit" loading={busy} disabled={busy || code.sending}>{t('bank.common.continue')}</Button>
        {/* another card may be chosen while the bank's code is on its way (the send is dropped) */}
        <Button block size="large" disabled={state.hasTag('busy')} onClick={() => send({ type: 'cardNo.edit' })}>{t('bank.common.changeCard')}</Button>
      </form>
    );
  }
  if (state.matches('verifyingByCode')) {
    return (
      <div className="kw-form">
        {cardFacts}
        {codeEntry && <CodeEntryPanel actor={codeEntry} id="bind-code" />}
        <Button block size="large" onClick={() => send({ type: 'mobile.edit' })}>{t('bindCard.changeMobile')}</Button>
      </div>
    );
  }
  const card = context.card;
  return (
    <div className="kw-form">
      <Notice kind="success">{t('bindCard.bound')}</Notice>
      <p className="kw-muted-text">{t('bindCard.boundCard', { card: card ? cardLabel(card) : '' })}</p>
      {from === 'topup' && <LinkButton href="/app/topup" primary>{t('bindCard.continueTopup')}</LinkButton>}
      {from === 'withdraw' && <LinkButton href="/app/withdraw" primary>{t('bindCard.continueWithdraw')}</LinkButton>}
      {from === 'open' && <LinkButton href="/app/open" primary>{t('bindCard.continueOpen')}</LinkButton>}
      <LinkButton href="/app/cards" primary={!from}>{t('bindCard.toCards')}</LinkButton>
      <Button block size="large" onClick={() => send({ type: 'bind.restarted' })}>{t('bindCard.another')}</Button>
    </div>
  );
}
