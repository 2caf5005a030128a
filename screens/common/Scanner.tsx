import { useEffect, useId, useRef } from 'react';
import { Button, Input } from 'antd-mobile';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { CameraStream, ScannerEvent, TypedKind, scannerMachine } from '../../machines/scanner.machine.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { Loading } from '../../src/ui/LoadFailed.tsx';
import { Notice } from '../../src/ui/Notice.tsx';
import { Field } from '../../src/ui/Field.tsx';

type State = SnapshotFrom<typeof scannerMachine>;
type Send = (event: ScannerEvent) => void;

/** The camera's picture, muted and inline (iOS would otherwise open it full screen); the reading itself runs on the chart's own copy of the stream. */
function CameraPicture({ stream, label }: { stream: CameraStream | null; label: string }) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    // autoPlay (muted, inline) starts the picture as soon as the stream is set
    element.srcObject = (stream as unknown as MediaStream | null) ?? null;
    return () => {
      element.srcObject = null;
    };
  }, [stream]);
  return (
    <div className="kw-scanner-frame">
      <video ref={video} className="kw-scanner-video" muted playsInline autoPlay aria-label={label} />
      <span className="kw-scanner-target" aria-hidden="true" />
    </div>
  );
}

/** The ways that need no camera: a photo of the code from the gallery, or the serial typed. */
function OtherWays({ send, kind, photo = true, typed = true, retry }: { send: Send; kind: TypedKind; photo?: boolean; typed?: boolean; retry?: string }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="kw-scanner-ways">
      {photo && (
        <label className="kw-button kw-button-block kw-centered-text kw-scanner-photo" htmlFor={id}>
          {t('scanner.choosePhoto')}
          <input
            id={id}
            className="kw-visually-hidden"
            type="file"
            accept="image/*"
            onChange={(e) => {
              const photo = e.currentTarget.files?.[0];
              e.currentTarget.value = ''; // the same photo chosen again is read again
              if (photo) send({ type: 'photo.chosen', photo });
            }}
          />
        </label>
      )}
      {typed && <button type="button" className="kw-text-button" onClick={() => send({ type: 'typing.requested' })}>{t(`scanner.typeInstead.${kind}`)}</button>}
      {retry && <button type="button" className="kw-text-button" onClick={() => send({ type: 'camera.retry' })}>{t(retry)}</button>}
    </div>
  );
}

/** Renders the scanner chart: asking for the camera, the picture while it reads, no camera and why, a photo being read, the serial typed. */
export function ScannerView({ state, send }: { state: State; send: Send }) {
  const { t } = useTranslation();
  const { context } = state;
  const kind = context.typed;
  if (state.matches({ looking: 'requesting' })) {
    return (
      <div className="kw-scanner">
        <div className="kw-scanner-frame kw-scanner-frame-idle" aria-hidden="true" />
        <Notice>{t('scanner.requesting')}</Notice>
        <OtherWays send={send} kind={kind} />
      </div>
    );
  }
  if (state.matches({ looking: 'scanning' })) {
    return (
      <div className="kw-scanner">
        <CameraPicture stream={context.stream} label={t('scanner.picture')} />
        <Notice>{t(`scanner.aim.${kind}`)}</Notice>
        {!state.matches({ looking: { scanning: 'noTorch' } }) && (
          <button type="button" className="kw-button kw-button-block" aria-pressed={state.matches({ looking: { scanning: 'torchOn' } })} onClick={() => send({ type: 'torch.toggled' })}>
            {t('scanner.torch')}
          </button>
        )}
        <OtherWays send={send} kind={kind} />
      </div>
    );
  }
  if (state.matches({ looking: 'noCamera' })) {
    const reason = (['denied', 'absent', 'unsupported', 'noDetector'] as const).find((r) => state.matches({ looking: { noCamera: r } })) ?? 'unsupported';
    const retry = reason === 'denied' || reason === 'absent' ? 'scanner.retryCamera' : undefined;
    return (
      <div className="kw-scanner">
        <FieldError>{t(`scanner.noCamera.${reason}`)}</FieldError>
        <p className="kw-muted-text">{t(reason === 'noDetector' ? `scanner.typeOnly.${kind}` : `scanner.otherWays.${kind}`)}</p>
        <OtherWays send={send} kind={kind} photo={reason !== 'noDetector'} retry={retry} />
      </div>
    );
  }
  if (state.matches({ looking: 'readingPhoto' })) {
    return (
      <div className="kw-scanner">
        <Loading label={t('scanner.readingPhoto')} />
      </div>
    );
  }
  if (state.matches({ looking: 'photoUnreadable' })) {
    return (
      <div className="kw-scanner">
        <FieldError>{t('scanner.photoUnreadable')}</FieldError>
        <OtherWays send={send} kind={kind} retry="scanner.useCamera" />
      </div>
    );
  }
  if (state.matches({ looking: 'typing' })) {
    return (
      <form className="kw-scanner" noValidate onSubmit={(e) => { e.preventDefault(); send({ type: 'typed.submitted' }); }}>
        <Field id="scanner-typed" label={t(`scanner.typedLabel.${kind}`)}>
          <Input
            id="scanner-typed"
            autoComplete="off"
            inputMode={kind === 'paymentCode' ? 'numeric' : 'text'}
            value={context.typedText}
            onChange={(value) => send({ type: 'typed.changed', value })}
          />
          <span className="kw-hint">{t(`scanner.typedHint.${kind}`)}</span>
        </Field>
        {state.matches({ looking: { typing: 'invalid' } }) && <FieldError>{t(`scanner.typedInvalid.${kind}`)}</FieldError>}
        <Button block color="primary" size="large" type="submit">{t('scanner.continue')}</Button>
        <OtherWays send={send} kind={kind} typed={false} retry="scanner.useCamera" />
      </form>
    );
  }
  // decoded: the parent takes over
  return <Loading label={t('scanner.read')} />;
}

/** The camera scanner of a flow that reads codes: pass its `scanner` child (scannerMachine, provided by src/flows/scanner.ts). */
export function Scanner({ actor }: { actor: ActorRefFrom<typeof scannerMachine> | undefined }) {
  const state = useSelector(actor, (snapshot) => snapshot);
  return actor && state ? <ScannerView state={state} send={(event) => actor.send(event)} /> : null;
}
