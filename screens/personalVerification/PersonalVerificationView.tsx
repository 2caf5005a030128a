import { Button, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { personalVerificationMachine, PersonalVerificationEvent } from '../../machines/personalVerification.machine.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { Loading } from '../../src/ui/LoadFailed.tsx';
import { verificationHref } from '../../src/lib/verification.ts';
import { LinkButton } from '../../src/ui/LinkButton.tsx';
import { Notice } from '../../src/ui/Notice.tsx';
import { WayOn } from '../../src/ui/WayOn.tsx';
import { Summary } from '../../src/ui/Summary.tsx';
import { Field } from '../../src/ui/Field.tsx';

type State = SnapshotFrom<typeof personalVerificationMachine>;
type Send = (event: PersonalVerificationEvent) => void;

/** Renders the verification chart: NIF, full name, confirmation, and the result. */
export function PersonalVerificationView({ state, send }: { state: State; send: Send }) {
  const { t } = useTranslation();
  const { context } = state;
  const busy = state.hasTag('busy');
  if (state.matches('loading')) return <Loading />;
  if (state.matches('unavailable')) return <div className="kw-form"><FieldError>{t('network.gateway')}</FieldError></div>;
  if (state.matches('notIndividual')) {
    return <WayOn problem={t('errors.VER10007')} href={verificationHref('enterprise')} label={t('common.verifyCompany')} />;
  }
  if (state.matches('verified')) {
    return (
      <div className="kw-form">
        <Notice kind="success">{context.realName ? t('personalVerification.verifiedAs', { name: context.realName }) : t('personalVerification.alreadyVerified')}</Notice>
        <p className="kw-muted-text">{context.payPasswordSet ? t('personalVerification.levelDone') : t('personalVerification.levelExplain')}</p>
        {context.payPasswordSet ? (
          <LinkButton href="/" primary>{t('personalVerification.toWallet')}</LinkButton>
        ) : (
          <LinkButton href="/app/paypassword" primary>{t('personalVerification.setPayPassword')}</LinkButton>
        )}
        <a className="kw-text-button kw-centered-text" href="/agreement/accountLevel">{t('personalVerification.aboutLevels')}</a>
      </div>
    );
  }
  if (state.matches('failed')) {
    return <WayOn problem={t('errors.VER10005')} onPress={() => send({ type: 'verification.restarted' })} label={t('personalVerification.again')} />;
  }
  if (state.matches('enteringNif') || state.matches('checkingNif')) {
    const problem = (['malformed', 'notFound', 'taken', 'documentExpired', 'refused', 'unreachable'] as const).find((s) => state.matches({ enteringNif: s }));
    const messages = {
      malformed: t('personalVerification.nifShape'), notFound: t('errors.VER10001'), taken: t('errors.VER10002'), documentExpired: t('errors.VER10003'),
      refused: t(`errors.${context.errorCode ?? 'AGW50000'}`), unreachable: t('network.gateway'),
    };
    return (
      <form className="kw-form" onSubmit={(e) => { e.preventDefault(); send({ type: 'nif.submitted' }); }} noValidate>
        <h2 className="kw-step-title">{t('personalVerification.nifTitle')}</h2>
        <p className="kw-muted-text">{t('personalVerification.why')}</p>
        <Field id="verify-nif" label={t('personalVerification.nifLabel')}>
          <Input id="verify-nif" value={context.nif} onChange={(value) => send({ type: 'nif.changed', value })} placeholder="004562891LA042" maxLength={16} autoCapitalize="characters" autoComplete="off" />
          <span className="kw-hint">{t('personalVerification.nifHint')}</span>
        </Field>
        {problem && <FieldError>{messages[problem]}</FieldError>}
        <Button block color="primary" size="large" type="submit" loading={busy} disabled={busy}>{t('recoverPassword.continue')}</Button>
        <a className="kw-text-button" href="/agreement/realNameAuthAgreement" target="_blank" rel="noopener">{t('personalVerification.agreement')}</a>
      </form>
    );
  }
  if (state.matches('confirmingName') || state.matches('checkingName')) {
    return (
      <div className="kw-form">
        <h2 className="kw-step-title">{t('personalVerification.confirmTitle')}</h2>
        <Summary
          rows={[
            [t('personalVerification.nifLabel'), context.nifMasked],
            [t('personalVerification.nameLabel'), context.fullName.trim()],
          ]}
        />
        <Button block color="primary" size="large" loading={busy} disabled={busy} onClick={() => send({ type: 'name.confirmed' })}>{t('personalVerification.confirm')}</Button>
        <button type="button" className="kw-text-button" disabled={busy} onClick={() => send({ type: 'name.edit' })}>{t('personalVerification.editName')}</button>
      </div>
    );
  }
  const problem = (['incomplete', 'mismatch', 'unreachable'] as const).find((s) => state.matches({ enteringName: s }));
  const messages = { incomplete: t('personalVerification.nameIncomplete'), mismatch: t('personalVerification.mismatch', { tries: context.triesLeft ?? '0' }), unreachable: t('network.gateway') };
  return (
    <form className="kw-form" onSubmit={(e) => { e.preventDefault(); send({ type: 'name.submitted' }); }} noValidate>
      <h2 className="kw-step-title">{t('personalVerification.nameTitle')}</h2>
      <p className="kw-muted-text">{t('personalVerification.nifFound', { nif: context.nifMasked })}</p>
      <Field id="verify-name" label={t('personalVerification.nameLabel')}>
        <Input id="verify-name" value={context.fullName} onChange={(value) => send({ type: 'name.changed', value })} autoComplete="name" maxLength={120} />
      </Field>
      {problem && <FieldError>{messages[problem]}</FieldError>}
      <Button block color="primary" size="large" type="submit">{t('recoverPassword.continue')}</Button>
    </form>
  );
}
