import { useState } from 'react';
import { Button, Checkbox } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { SnapshotFrom } from 'xstate';
import type { merchantOpeningMachine, MerchantOpeningEvent } from '../../machines/merchantOpening.machine.ts';
import type { MerchantSummary } from '../../services/contract/merchantShared.ts';
import { serverDocumentFlow } from '../../src/flows/document.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { LoadFailedStep, Loading } from '../../src/ui/LoadFailed.tsx';
import { LinkButton } from '../../src/ui/LinkButton.tsx';
import { Notice } from '../../src/ui/Notice.tsx';
import { WayOn } from '../../src/ui/WayOn.tsx';
import { Summary } from '../../src/ui/Summary.tsx';
import { Field } from '../../src/ui/Field.tsx';
import { DocumentView } from '../common/DocumentView.tsx';
import { BoundCardsPanel, type BoundCardsActor, type BoundCardsSteps } from '../common/BoundCardsView.tsx';
import { useDocument } from '../common/useDocument.ts';
import { languageOf } from '../common/format.ts';
import { categoryLabel, categoryOptions } from '../common/category.ts';
import { chargeText } from './merchantFormat.ts';

type State = SnapshotFrom<typeof merchantOpeningMachine>;
type Send = (event: MerchantOpeningEvent) => void;

/** "BAI 6004 00** **** 0011" */
const cardLabel = (card: { bankShort: string; maskedCardNo: string }) => `${card.bankShort} ${card.maskedCardNo}`;

export const COLLECTION_AGREEMENT = '/pt/agreement/collectionqrcode';

/** The collection-code agreement, read here without leaving the form (it follows the app's language). */
function AgreementInPlace() {
  const { t } = useTranslation();
  const [state, send] = useDocument('collectionqrcode', serverDocumentFlow);
  return (
    <div className="kw-mch-agreement" role="region" aria-label={t('merchantOpening.agreementTitle')}>
      <DocumentView state={state} send={send} />
    </div>
  );
}

/** The merchant as customers and the merchant see it: name, category, service charge. */
/** The bound cards (boundCards child) as the opening asks for them: none yet, the way to bind one and to look again. */
export const openingCardsSteps = (t: TFunction): BoundCardsSteps => ({
  loading: <Loading label={t('merchantOpening.loadingCards')} />,
  failed: (errorCode, retry) => <LoadFailedStep errorCode={errorCode} fallback={t('merchantOpening.cardsFailed')} onRetry={retry} />,
  none: (retry) => <WayOn notice={t('merchantOpening.noCards')} href="/app/cards/bind?from=open" label={t('bank.common.bindCard')} other={{ label: t('merchantOpening.cardsAgain'), onPress: retry }} />,
});

export function MerchantSummaryList({ merchant }: { merchant: MerchantSummary }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  return (
    <Summary
      rows={[
        [t('merchantOpening.name'), merchant.name],
        [t('merchantOpening.category'), categoryLabel(merchant.mcc, language)],
        [t('merchantOpening.charge'), chargeText(merchant.chargeRateBp, merchant.chargeCap, language, t)],
      ]}
    />
  );
}

/** Renders the opening chart: where the member stands, the form (agreement, category, settlement card), the account opened. */
export function MerchantOpeningView({ state, send }: { state: State; send: Send }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const [reading, setReading] = useState(false);
  const { context } = state;

  if (state.matches('loading')) return <Loading />;
  if (state.matches('failed')) {
    return <LoadFailedStep errorCode={context.errorCode} fallback={t('merchantOpening.loadFailed')} onRetry={() => send({ type: 'opening.retry' })} />;
  }
  if (state.matches('individual')) {
    return (
      <div className="kw-form">
        <FieldError>{t('errors.MCH10001')}</FieldError>
        <p className="kw-muted-text">{t('merchantOpening.individualExplain')}</p>
        <LinkButton href="/">{t('merchantOpening.toHome')}</LinkButton>
      </div>
    );
  }
  if (state.matches('notVerified')) {
    return <WayOn notice={t('merchantOpening.verifyFirst')} href="/app/enterprisecert" label={t('merchantOpening.verify')} />;
  }
  if (state.matches('pendingVerification')) {
    return <WayOn notice={t('merchantOpening.pending')} href="/app/result" label={t('merchantOpening.seeStatus')} />;
  }
  if (state.matches('loadingCards')) return <BoundCardsPanel actor={state.children.boundCards as BoundCardsActor | undefined} steps={openingCardsSteps(t)} />;
  if (state.matches('opened') && context.merchant) {
    return (
      <div className="kw-form">
        <Notice kind="success">{t('merchantOpening.opened', { name: context.merchant.name })}</Notice>
        <MerchantSummaryList merchant={context.merchant} />
        <LinkButton href={`/app/store/new?merchantId=${context.merchant.merchantId}`} primary>{t('merchantOpening.firstStore')}</LinkButton>
        <LinkButton href="/app/merchantlist">{t('merchantOpening.toList')}</LinkButton>
      </div>
    );
  }
  if (state.matches('open') && context.merchant) {
    return (
      <div className="kw-form">
        <Notice>{t('merchantOpening.alreadyOpen')}</Notice>
        <MerchantSummaryList merchant={context.merchant} />
        <div className="kw-mch-ways">
          <LinkButton href="/app/cashier" primary>{t('merchantOpening.toCashier')}</LinkButton>
          <LinkButton href="/app/merchantlist">{t('merchantOpening.toList')}</LinkButton>
          <LinkButton href={`/app/store/new?merchantId=${context.merchant.merchantId}`}>{t('merchantList.newStore')}</LinkButton>
        </div>
      </div>
    );
  }
  // filling or applying: the agreement, the category and the settlement card
  const busy = state.hasTag('busy');
  const { problems } = context;
  return (
    <form className="kw-form" noValidate onSubmit={(e) => { e.preventDefault(); send({ type: 'opening.submitted' }); }}>
      <h2 className="kw-step-title">{t('merchantOpening.formTitle')}</h2>
      {context.companyName && <p className="kw-muted-text">{t('merchantOpening.nameForCustomers', { name: context.companyName })}</p>}
      {context.chargeTerms && (
        <p className="kw-muted-text">
          <strong>{t('merchantOpening.charge')}:</strong> {chargeText(context.chargeTerms.rateBp, context.chargeTerms.cap, language, t)}. {t('merchantOpening.chargePaidBy')}
        </p>
      )}

      <div className="kw-field">
        <Checkbox checked={context.agreed} disabled={busy} onChange={(accepted) => send({ type: 'agreement.toggled', accepted })} className="kw-agreement">
          <span>
            {t('merchantOpening.agreePrefix')}{' '}
            <a href={COLLECTION_AGREEMENT} target="_blank" rel="noopener" onClick={(e) => e.stopPropagation()}>{t('merchantOpening.agreementTitle')}</a>
          </span>
        </Checkbox>
        <button type="button" className="kw-text-button kw-mch-left" aria-expanded={reading} onClick={() => setReading(!reading)}>
          {reading ? t('merchantOpening.hideAgreement') : t('merchantOpening.readAgreement')}
        </button>
        {reading && <AgreementInPlace />}
        {problems.agreement && <FieldError>{t('merchantOpening.problems.agreement')}</FieldError>}
      </div>

      <Field id="open-category" label={t('merchantOpening.category')}>
        <select
          id="open-category"
          className="kw-mch-input"
          value={context.mcc}
          disabled={busy}
          aria-invalid={problems.category || undefined}
          onChange={(e) => send({ type: 'category.chosen', mcc: e.target.value })}
        >
          <option value="">{t('merchantOpening.chooseCategory')}</option>
          {categoryOptions(language).map((c) => <option key={c.code} value={c.code}>{c.label}</option>)}
        </select>
        <span className="kw-hint">{t('merchantOpening.categoryHint')}</span>
        {problems.category && <FieldError>{t('merchantOpening.problems.category')}</FieldError>}
      </Field>

      <fieldset className="kw-mch-choices">
        <legend className="kw-label">{t('merchantOpening.card')}</legend>
        <span className="kw-hint">{t('merchantOpening.cardHint')}</span>
        {context.cards.map((card) => (
          <label key={card.cardId} className="kw-mch-choice">
            <input type="radio" name="settlement-card" value={card.cardId} checked={context.cardId === card.cardId} disabled={busy} onChange={() => send({ type: 'card.chosen', cardId: card.cardId })} />
            <span>{cardLabel(card)} <span className="kw-muted">{card.bankName}</span></span>
          </label>
        ))}
        {problems.card && <FieldError>{t('merchantOpening.problems.card')}</FieldError>}
        <div className="kw-row-actions">
          <a className="kw-text-button" href="/app/cards/bind?from=open">{t('bank.common.bindAnother')}</a>
          <button type="button" className="kw-text-button" disabled={busy} onClick={() => send({ type: 'cards.retry' })}>{t('merchantOpening.cardsAgain')}</button>
        </div>
      </fieldset>

      {state.matches({ filling: 'refused' }) && <FieldError>{t(`errors.${context.errorCode ?? 'AGW50000'}`)}</FieldError>}
      {state.matches({ filling: 'unreachable' }) && <FieldError>{t('merchantOpening.unreachable')}</FieldError>}
      {busy && <Notice>{t('merchantOpening.opening')}</Notice>}
      <Button block color="primary" size="large" type="submit" loading={busy} disabled={busy}>{t('merchantOpening.submit')}</Button>
    </form>
  );
}
