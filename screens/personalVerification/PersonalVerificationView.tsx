import { Button, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { personalVerificationMachine, PersonalVerificationEvent } from '../../machines/personalVerification.machine.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';

type State = SnapshotFrom<typeof personalVerificationMachine>;
type Send = (event: PersonalVerificationEvent) => void;

/** Renders the verification chart: NIF, full name, confirmation, and the result. */
export function PersonalVerificationView({ state, send }: { state: State; send: Send }) {
  const { t } = useTranslation();
  const { context } = state;
  const busy = state.hasTag('busy');
  if (state.matches('loading')) return <p className="kw-centered" role="status">{t('common.loading')}</p>;
  if (state.matches('unavailable')) return <div className="kw-form"><FieldError>{t('errors.network.gateway')}</FieldError></div>;
  if (state.matches('verified')) {
    return (
      <div className="kw-form">
        <p role="status" className="kw-success-text">{context.realName ? t('verification.verifiedAs', { name: context.realName }) : t('verification.alreadyVerified')}</p>
        <p className="kw-muted-text">{context.payPasswordSet ? t('verification.levelDone') : t('verification.levelExplain')}</p>
        {context.payPasswordSet ? (
          <a className="kw-button kw-button-primary kw-button-block kw-link-button kw-centered-text" href="/">{t('verification.toWallet')}</a>
        ) : (
          <a className="kw-button kw-button-primary kw-button-block kw-link-button kw-centered-text" href="/app/paypassword">{t('verification.setPayPassword')}</a>
        )}
        <a className="kw-text-button kw-centered-text" href="/agreement/accountLevel">{t('verification.aboutLevels')}</a>
      </div>
    );
  }
  if (state.matches('failed')) {
    return (
      <div className="kw-form">
        <FieldError>{t('errors.VER10005')}</FieldError>
        <Button block color="primary" size="large" onClick={() => send({ type: 'verification.restarted' })}>{t('verification.again')}</Button>
      </div>
    );
  }
  if (state.matches('enteringNif') || state.matches('checkingNif')) {
    const problem = (['malformed', 'notFound', 'taken', 'documentExpired', 'refused', 'unreachable'] as const).find((s) => state.matches({ enteringNif: s }));
    const messages = {
      malformed: t('verification.nifShape'), notFound: t('errors.VER10001'), taken: t('errors.VER10002'), documentExpired: t('errors.VER10003'),
      refused: t(`errors.${context.errorCode ?? 'AGW50000'}`), unreachable: t('errors.network.gateway'),
    };
    return (
      <form className="kw-form" onSubmit={(e) => { e.preventDefault(); send({ type: 'nif.submitted' }); }} noValidate>
        <h2 className="kw-step-title">{t('verification.nifTitle')}</h2>
        <p className="kw-muted-text">{t('verification.why')}</p>
        <div className="kw-field">
          <label className="kw-label" htmlFor="verify-nif">{t('verification.nifLabel')}</label>
          <Input id="verify-nif" value={context.nif} onChange={(value) => send({ type: 'nif.changed', value })} placeholder="004562891LA042" maxLength={16} autoCapitalize="characters" autoComplete="off" />
          <span className="kw-hint">{t('verification.nifHint')}</span>
        </div>
        {problem && <FieldError>{messages[problem]}</FieldError>}
        <Button block color="primary" size="large" type="submit" loading={busy} disabled={busy}>{t('recover.continue')}</Button>
        <a className="kw-text-button" href="/agreement/realNameAuthAgreement" target="_blank" rel="noopener">{t('verification.agreement')}</a>
      </form>
    );
  }
  if (state.matches('confirmingName') || state.matches('checkingName')) {
    return (
      <div className="kw-form">
        <h2 className="kw-step-title">{t('verification.confirmTitle')}</h2>
        <dl className="kw-summary">
          <dt>{t('verification.nifLabel')}</dt>
          <dd>{context.nifMasked}</dd>
          <dt>{t('verification.nameLabel')}</dt>
          <dd>{context.fullName.trim()}</dd>
        </dl>
        <Button block color="primary" size="large" loading={busy} disabled={busy} onClick={() => send({ type: 'name.confirmed' })}>{t('verification.confirm')}</Button>
        <button type="button" className="kw-text-button" disabled={busy} onClick={() => send({ type: 'name.edit' })}>{t('verification.editName')}</button>
      </div>
    );
  }
  const problem = (['incomplete', 'mismatch', 'unreachable'] as const).find((s) => state.matches({ enteringName: s }));
  const messages = { incomplete: t('verification.nameIncomplete'), mismatch: t('verification.mismatch', { tries: context.triesLeft ?? '0' }), unreachable: t('errors.network.gateway') };
  return (
    <form className="kw-form" onSubmit={(e) => { e.preventDefault(); send({ type: 'name.submitted' }); }} noValidate>
      <h2 className="kw-step-title">{t('verification.nameTitle')}</h2>
      <p className="kw-muted-text">{t('verification.nifFound', { nif: context.nifMasked })}</p>
      <div className="kw-field">
        <label className="kw-label" htmlFor="verify-name">{t('verification.nameLabel')}</label>
        <Input id="verify-name" value={context.fullName} onChange={(value) => send({ type: 'name.changed', value })} autoComplete="name" maxLength={120} />
      </div>
      {problem && <FieldError>{messages[problem]}</FieldError>}
      <Button block color="primary" size="large" type="submit">{t('recover.continue')}</Button>
    </form>
  );
}
