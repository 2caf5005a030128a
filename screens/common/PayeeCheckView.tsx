import type { ReactNode } from 'react';
import { Button } from 'antd-mobile';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { payeeCheckMachine, PayeeCheckEvent, PayeeLists } from '../../machines/payeeCheck.machine.ts';
import { formatMobile } from '../../src/lib/phone.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { Notice } from '../../src/ui/Notice.tsx';
import { Summary } from '../../src/ui/Summary.tsx';
import { MobileField } from './MobileField.tsx';

/**
 * The payee child (payeeCheck) as its page draws it: the number typed or picked from the lists, the
 * check on its way, why it was refused, then "is this the person?". Each page keeps its own words
 * (its section of the texts: `<section>.mobileTitle`, `.mobileLabel`, `.mobileInvalid`, `.checking`,
 * `.continue`, `.payeeTitle`, `.payeeName`, `.payeeMobile`, `.payeeExplain`, `.payeeYes`, `.payeeNo`)
 * and its own way of drawing the lists (the transfer's with its stars and nicknames).
 */
export type PayeeCheckActor = ActorRefFrom<typeof payeeCheckMachine>;
type State = SnapshotFrom<typeof payeeCheckMachine>;
type Send = (event: PayeeCheckEvent) => void;

const MOBILE_PROBLEMS = ['invalid', 'notFound', 'isSelf', 'refused', 'unreachable'] as const;

export interface PayeeCheckPage {
  /** The page's section of the texts. */
  section: string;
  /** The number field's id. */
  fieldId: string;
  /** The lists above the field, drawn by the page (disabled while a call is on its way). */
  lists: (payees: PayeeLists, state: State, send: Send, disabled: boolean) => ReactNode;
  /** What the page shows under the number step's button (a way to its other pages). */
  footer?: ReactNode;
}

export function PayeeCheckView({ state, send, page }: { state: State; send: Send; page: PayeeCheckPage }) {
  const { t } = useTranslation();
  const { context } = state;
  const busy = state.hasTag('busy');
  const words = (name: string) => t(`${page.section}.${name}`);
  if (state.matches('confirmingPayee') || state.matches('confirmed')) {
    return (
      <div className="kw-form">
        <h2 className="kw-step-title">{words('payeeTitle')}</h2>
        <Summary
          rows={[
            [words('payeeName'), context.payee?.maskedName ?? '', 'kw-wallet-payee'],
            [words('payeeMobile'), context.payee ? formatMobile(context.payee.mobile, 'international') : ''],
          ]}
        />
        <p className="kw-muted-text">{words('payeeExplain')}</p>
        <Button block color="primary" size="large" onClick={() => send({ type: 'payee.confirmed' })}>{words('payeeYes')}</Button>
        <Button block size="large" onClick={() => send({ type: 'payee.changeRequested' })}>{words('payeeNo')}</Button>
      </div>
    );
  }
  const problem = MOBILE_PROBLEMS.find((p) => state.matches({ enteringMobile: p }));
  const messages: Record<(typeof MOBILE_PROBLEMS)[number], string> = {
    invalid: words('mobileInvalid'),
    notFound: t('errors.FND10005'),
    isSelf: t('errors.FND10006'),
    refused: t(`errors.${context.errorCode ?? 'AGW50000'}`),
    unreachable: t('network.gateway'),
  };
  // the lists stay outside the number's form: a favourite's rename is a form of its own, and a form
  // inside a form is invalid HTML (its submit would reach the number's form too)
  return (
    <div className="kw-form">
      <h2 className="kw-step-title">{words('mobileTitle')}</h2>
      {page.lists(context.payees, state, send, busy)}
      <form className="kw-form" noValidate onSubmit={(e) => { e.preventDefault(); send({ type: 'mobile.submitted' }); }}>
        <MobileField id={page.fieldId} label={words('mobileLabel')} value={context.mobile} onChange={(value) => send({ type: 'mobile.changed', value })} />
        {problem && <FieldError>{messages[problem]}</FieldError>}
        {state.matches('checkingPayee') && <Notice>{words('checking')}</Notice>}
        {/* the favourites are changed only from the transfer's lists: their words */}
        {state.matches('changingFavourite') && <Notice>{t('transfer.payees.saving')}</Notice>}
        <Button block color="primary" size="large" type="submit" loading={busy} disabled={busy}>{words('continue')}</Button>
        {page.footer}
      </form>
    </div>
  );
}

/** The page's payee child, drawn in the page's words. */
export function PayeeCheckPanel({ actor, page }: { actor: PayeeCheckActor | undefined; page: PayeeCheckPage }) {
  const state = useSelector(actor, (snapshot) => snapshot);
  return actor && state ? <PayeeCheckView state={state} send={(event) => actor.send(event)} page={page} /> : null;
}
