import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { videoMachine, VideoEvent } from '../../machines/video.machine.ts';
import { INTL_LOCALE } from '../../src/lib/language.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { LoadFailedStep, Loading } from '../../src/ui/LoadFailed.tsx';
import { Notice } from '../../src/ui/Notice.tsx';
import { languageOf } from '../common/format.ts';

/**
 * A help video's page: its title and words, then — by the chart's state — the poster with "watch"
 * (and the other rendition to pick), the player (made only now: nothing is fetched before the tap),
 * or the steps as text, with "watch anyway" where the video can play.
 */
export function VideoView({ state, send }: { state: SnapshotFrom<typeof videoMachine>; send: (event: VideoEvent) => void }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const { video, rendition, errorCode, network, playable } = state.context;
  if (state.matches('loading')) return <Loading label={t('video.loading')} />;
  if (state.matches('failed')) return <LoadFailedStep errorCode={null} fallback={t('video.loadFailed')} onRetry={() => send({ type: 'video.retry' })} />;
  if (state.matches('unavailable') || !video) return <div className="kw-form"><FieldError>{t(`errors.${errorCode ?? 'CNT40401'}`)}</FieldError></div>;

  const source = video.sources.find((s) => s.rendition === rendition);
  const other = video.sources.find((s) => s.rendition !== rendition);
  const size = (bytes: number) => t('video.size', { size: new Intl.NumberFormat(INTL_LOCALE[language]).format(Math.max(1, Math.round(bytes / 1024))) });
  const watch = (label: string, primary = true) => (
    <Button block color={primary ? 'primary' : 'default'} size="large" onClick={() => send({ type: 'video.watch' })}>
      {source ? `${label} (${size(source.bytes)})` : label}
    </Button>
  );
  const steps = (
    <ol className="kw-video-steps">
      {video.steps.map((step, i) => <li key={i}>{step}</li>)}
    </ol>
  );
  // why the steps show first: the browser cannot play it, or the network is very slow
  const stepsReason = !playable || video.sources.length === 0 ? t('video.cannotPlay') : network.effectiveType === 'slow-2g' ? t('video.verySlow') : null;

  return (
    <article className="kw-form">
      <h2 className="kw-video-title">{video.title}</h2>
      <p className="kw-muted-text">{video.summary} · {t('video.duration', { seconds: video.durationSeconds })}</p>
      {(state.matches('poster') || state.matches('ended')) && (
        <>
          <img className="kw-video-frame" src={video.poster} alt={t('video.posterAlt', { title: video.title })} width={320} height={180} />
          {rendition === 'light' && state.matches('poster') && <Notice>{t('video.lightChosen')}</Notice>}
          {watch(state.matches('ended') ? t('video.again') : t('video.watch'))}
          {other && state.matches('poster') && (
            <Button block fill="none" onClick={() => send({ type: 'video.renditionChosen', rendition: other.rendition })}>
              {t(`video.use.${other.rendition}`, { size: size(other.bytes) })}
            </Button>
          )}
          <Button block fill="none" onClick={() => send({ type: 'video.stepsShown' })}>{t('video.readSteps')}</Button>
        </>
      )}
      {state.matches('playing') && source && (
        <>
          <video
            className="kw-video-frame"
            controls
            autoPlay
            playsInline
            preload="none"
            poster={video.poster}
            width={source.width}
            height={source.height}
            onEnded={() => send({ type: 'video.ended' })}
            onError={() => send({ type: 'video.failed' })}
          >
            <source src={source.url} type={source.type} onError={() => send({ type: 'video.failed' })} />
            {video.captions.map((track) => (
              <track key={track.language} kind="captions" src={track.url} srcLang={track.language} label={track.label} default={track.language === video.language} />
            ))}
          </video>
          <Button block fill="none" onClick={() => send({ type: 'video.stepsShown' })}>{t('video.readSteps')}</Button>
        </>
      )}
      {state.matches('steps') && (
        <>
          {stepsReason && <Notice>{stepsReason}</Notice>}
          {steps}
          {state.can({ type: 'video.watch' }) && watch(t('video.watchAnyway'), false)}
        </>
      )}
      {state.matches('playbackFailed') && (
        <>
          <FieldError>{t('video.playbackFailed')}</FieldError>
          {steps}
          {watch(t('video.tryAgain'), false)}
        </>
      )}
    </article>
  );
}
