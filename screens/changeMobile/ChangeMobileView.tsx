import { Button, Checkbox, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { changeMobileMachine, ChangeMobileEvent, PhotoSlot } from '../../machines/changeMobile.machine.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { MobileField } from '../common/MobileField.tsx';
import { Loading } from '../../src/ui/LoadFailed.tsx';
import { Notice } from '../../src/ui/Notice.tsx';
import { WayOn } from '../../src/ui/WayOn.tsx';
import { Field } from '../../src/ui/Field.tsx';
import { SendCodePanel, useSending, type SendCodeActor } from '../common/SendCodeView.tsx';
import { renderCaptchaBox, type RenderCaptcha } from '../common/CaptchaBox.tsx';

type State = SnapshotFrom<typeof changeMobileMachine>;
type Send = (event: ChangeMobileEvent) => void;

const PHOTO_SLOTS: PhotoSlot[] = ['front', 'back', 'selfie'];

/** Renders the rebinding chart step by step, with the message of each refusal. */
export function ChangeMobileView({ state, send, renderCaptcha = renderCaptchaBox }: { state: State; send: Send; renderCaptcha?: RenderCaptcha }) {
  const { t } = useTranslation();
  const { context } = state;
  const sendCode = state.children.sendCode as SendCodeActor | undefined;
  const sending = useSending(sendCode);
  const busy = state.hasTag('busy') || sending;
  const problemOf = <S extends string>(parent: string, subs: readonly S[]) => subs.find((s) => state.matches({ [parent]: s } as never));

  if (state.matches('loading')) return <Loading />;
  if (state.matches('loadFailed') || state.matches('bindFailed') || state.matches('stepExpired')) {
    const message = state.matches('stepExpired') ? t('errors.REG10002') : state.matches('bindFailed') && context.errorCode ? t(`errors.${context.errorCode}`) : t('network.gateway');
    return <WayOn problem={message} onPress={() => send({ type: 'flow.retry' })} label={state.matches('stepExpired') ? t('signUp.restart') : t('common.retry')} />;
  }
  if (state.matches('changed') || state.matches('pendingReview') || state.matches('done')) {
    const pending = !!context.pendingNewMobile;
    return (
      <div className="kw-form">
        <Notice kind="success">{pending ? t('changeMobile.pending', { mobile: context.pendingNewMobile ?? '' }) : t('changeMobile.changed')}</Notice>
        {pending && <p className="kw-muted-text">{t('changeMobile.pendingExplain')}</p>}
        <Button block color="primary" size="large" disabled={state.matches('done')} onClick={() => send({ type: 'flow.finished' })}>{t('common.done')}</Button>
      </div>
    );
  }
  if (state.matches('binding')) return <Loading label={t('changeMobile.binding')} />;

  if (state.matches('confirmingIdentity') || state.matches('checkingIdentity')) {
    const problem = problemOf('confirmingIdentity', ['wrongPassword', 'locked', 'unreachable'] as const);
    const messages = { wrongPassword: t('login.wrongCredentials', { tries: context.triesLeft ?? '0' }), locked: t('login.locked', { minutes: context.waitDetail ?? '15' }), unreachable: t('network.gateway') };
    return (
      <form className="kw-form" onSubmit={(e) => { e.preventDefault(); send({ type: 'identity.submitted' }); }} noValidate>
        <h2 className="kw-step-title">{t('changeMobile.identityTitle')}</h2>
        {context.maskedMobile && <p className="kw-muted-text">{t('changeMobile.current', { mobile: context.maskedMobile })}</p>}
        <Field id="rebind-password" label={t('changeMobile.loginPassword')}>
          <Input id="rebind-password" type="password" value={context.password} onChange={(value) => send({ type: 'password.changed', value })} autoComplete="current-password" maxLength={64} />
        </Field>
        {problem && <FieldError>{messages[problem]}</FieldError>}
        <Button block color="primary" size="large" type="submit" loading={busy} disabled={busy || !state.can({ type: 'identity.submitted' })}>{t('recoverPassword.continue')}</Button>
      </form>
    );
  }
  if (state.matches('enteringNumber') || state.matches('sendingCodes')) {
    const problem = problemOf('enteringNumber', ['invalid', 'taken', 'same', 'coolingDown', 'sendLimited', 'unreachable'] as const);
    const messages = {
      invalid: t('login.incompleteMobile'), taken: t('errors.MOB10001'), same: t('errors.MOB10002'),
      coolingDown: t('signUp.waitSeconds', { seconds: context.waitDetail ?? '60' }), sendLimited: t('errors.COD10005'),
      unreachable: context.errorCode ? t(`errors.${context.errorCode}`) : t('network.gateway'),
    };
    return (
      <form className="kw-form" onSubmit={(e) => { e.preventDefault(); send({ type: 'codes.requested' }); }} noValidate>
        <h2 className="kw-step-title">{t('changeMobile.numberTitle')}</h2>
        <MobileField id="rebind-mobile" label={t('changeMobile.newMobile')} value={context.newMobile} onChange={(value) => send({ type: 'mobile.changed', value })} />
        <Checkbox checked={context.oldNumberAvailable} onChange={() => send({ type: 'oldNumber.toggled' })} className="kw-agreement">
          {t('changeMobile.stillHaveOld', { mobile: context.maskedMobile ?? '' })}
        </Checkbox>
        {!context.oldNumberAvailable && <p className="kw-muted-text">{t('changeMobile.lostExplain')}</p>}
        {problem && <FieldError>{messages[problem]}</FieldError>}
        <SendCodePanel actor={sendCode} renderCaptcha={renderCaptcha} />
        <Button block color="primary" size="large" type="submit" loading={busy} disabled={busy || state.matches('sendingCodes')}>{t('changeMobile.sendCodes')}</Button>
      </form>
    );
  }
  if (state.matches('enteringCodes') || state.matches('checkingCodes')) {
    const problem = problemOf('enteringCodes', ['wrongCode', 'expired', 'tooManyTries', 'unreachable'] as const);
    const messages = { wrongCode: t('signUp.wrongCode', { tries: context.triesLeft ?? '0' }), expired: t('errors.COD10002'), tooManyTries: t('errors.COD10003'), unreachable: context.errorCode ? t(`errors.${context.errorCode}`) : t('network.gateway') };
    return (
      <form className="kw-form" onSubmit={(e) => { e.preventDefault(); send({ type: 'codes.submitted' }); }} noValidate>
        <h2 className="kw-step-title">{t('signUp.codeTitle')}</h2>
        <Field id="rebind-new-code" label={t('changeMobile.newCode', { mobile: context.newSentTo })}>
          <Input id="rebind-new-code" className="kw-code-input" inputMode="numeric" autoComplete="one-time-code" value={context.newCode} onChange={(value) => send({ type: 'newCode.changed', value })} maxLength={6} placeholder="••••••" />
        </Field>
        {context.oldSentTo && (
          <Field id="rebind-old-code" label={t('changeMobile.oldCode', { mobile: context.oldSentTo })}>
            <Input id="rebind-old-code" className="kw-code-input" inputMode="numeric" value={context.oldCode} onChange={(value) => send({ type: 'oldCode.changed', value })} maxLength={6} placeholder="••••••" />
          </Field>
        )}
        {problem && <FieldError>{messages[problem]}</FieldError>}
        <Button block color="primary" size="large" type="submit" loading={busy} disabled={busy || !state.can({ type: 'codes.submitted' })}>{t('signUp.confirmCode')}</Button>
        <button type="button" className="kw-text-button" disabled={busy} onClick={() => send({ type: 'codes.requested' })}>{t('login.newCode')}</button>
      </form>
    );
  }
  const problem = problemOf('choosingPhotos', ['incomplete', 'refused', 'uploadFailed'] as const);
  const messages = { incomplete: t('changeMobile.photosIncomplete'), refused: t(`errors.${context.errorCode ?? 'MOB10004'}`), uploadFailed: t('network.uploadFailed') };
  return (
    <form className="kw-form" onSubmit={(e) => { e.preventDefault(); send({ type: 'photos.submitted' }); }} noValidate>
      <h2 className="kw-step-title">{t('changeMobile.photosTitle')}</h2>
      <p className="kw-muted-text">{t('changeMobile.photosExplain')}</p>
      {PHOTO_SLOTS.map((slot) => (
        <div className="kw-field" key={slot}>
          <label className="kw-label" htmlFor={`rebind-photo-${slot}`}>{t(`changeMobile.photo.${slot}`)}</label>
          <input
            id={`rebind-photo-${slot}`}
            type="file"
            accept="image/*"
            capture={slot === 'selfie' ? 'user' : 'environment'}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) send({ type: 'photo.chosen', slot, file });
            }}
          />
          {context.photos[slot] && <span className="kw-hint">{t('changeMobile.photoChosen', { name: context.photos[slot]!.name })}</span>}
        </div>
      ))}
      {problem && <FieldError>{messages[problem]}</FieldError>}
      <Button block color="primary" size="large" type="submit" loading={busy} disabled={busy}>{busy ? t('changeMobile.uploading') : t('changeMobile.submitPhotos')}</Button>
    </form>
  );
}
