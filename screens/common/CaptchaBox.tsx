import { useMemo } from 'react';
import { Button, Input } from 'antd-mobile';
import { useMachine } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import { useTranslation } from 'react-i18next';
import type { captchaMachine, CaptchaEvent, CaptchaScene } from '../../machines/captcha.machine.ts';
import { captchaFlow } from '../../src/flows/captcha.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { Notice } from '../../src/ui/Notice.tsx';
import { Field } from '../../src/ui/Field.tsx';

/**
 * Renders the captcha chart: the image, one answer, a new image after a wrong one. Not a <form>: it
 * shows inside the flows' own forms (a code's send), and a form inside a form is submitted by the
 * browser itself — the page reloaded and the flow started over.
 */
export function CaptchaView({ state, send }: { state: SnapshotFrom<typeof captchaMachine>; send: (event: CaptchaEvent) => void }) {
  const { t } = useTranslation();
  const { context } = state;
  if (state.matches('failed')) {
    return (
      <div className="kw-captcha">
        <FieldError>{t('captcha.failed')}</FieldError>
        <Button onClick={() => send({ type: 'captcha.refreshed' })}>{t('common.retry')}</Button>
      </div>
    );
  }
  if (state.matches('solved') || state.matches('notNeeded')) return <Notice>{t('captcha.solved')}</Notice>;
  const busy = state.hasTag('busy');
  return (
    <div className="kw-captcha" role="group" aria-label={t('captcha.imageAlt')}>
      <p className="kw-muted-text">{t('captcha.explain')}</p>
      {context.image ? <img className="kw-captcha-image" src={context.image} alt={t('captcha.imageAlt')} width={180} height={60} /> : <div className="kw-captcha-image" role="status">{t('common.loading')}</div>}
      <Field id="captcha-answer" label={t('captcha.answerLabel')}>
        <Input id="captcha-answer" value={context.answer} onChange={(value) => send({ type: 'answer.changed', value })} onEnterPress={(e) => { e.preventDefault(); send({ type: 'answer.submitted' }); }} autoComplete="off" autoCapitalize="off" maxLength={12} />
      </Field>
      {state.matches({ showing: 'wrongAnswer' }) && <FieldError>{t('errors.CAP10002')}</FieldError>}
      <div className="kw-row-actions">
        <button type="button" className="kw-text-button" disabled={busy} onClick={() => send({ type: 'captcha.refreshed' })}>{t('captcha.another')}</button>
        <Button color="primary" type="button" onClick={() => send({ type: 'answer.submitted' })} loading={busy} disabled={busy || !state.can({ type: 'answer.submitted' })}>{t('captcha.confirm')}</Button>
      </div>
    </div>
  );
}

/** The captcha a flow shows when the server answers CAP10001; hands the flow its one-time token. */
export function CaptchaBox({ scene, onSolved }: { scene: CaptchaScene; onSolved: (token: string | null) => void }) {
  const machine = useMemo(() => captchaFlow.provide({ actions: { reportSolved: ({ context }) => onSolved(context.token) } }), [onSolved]);
  const [state, send] = useMachine(machine, { input: { scene } });
  return <CaptchaView state={state} send={send} />;
}

export type RenderCaptcha = (scene: CaptchaScene, onSolved: (token: string | null) => void) => React.ReactNode;
export const renderCaptchaBox: RenderCaptcha = (scene, onSolved) => <CaptchaBox scene={scene} onSolved={onSolved} />;
