import { useTranslation } from 'react-i18next';
import { useMachine } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import type { LinkShareEvent, linkShareMachine } from '../../machines/linkShare.machine.ts';
import { linkShareFlow } from '../../src/flows/linkShare.ts';

/** A button that shares one link (the linkShare chart, `typeof linkShareMachine`) and says how it went: shared, copied, or the link to copy by hand. */
export function ShareLinkButton({ url, title, label }: { url: string; title: string; label: string }) {
  const [state, send] = useMachine<typeof linkShareMachine>(linkShareFlow, { input: { url, title } });
  return <ShareLinkView state={state} send={send} label={label} />;
}

/** What the linkShare chart's state shows: the button, and how the sharing went. */
export function ShareLinkView({ state, send, label }: { state: SnapshotFrom<typeof linkShareMachine>; send: (event: LinkShareEvent) => void; label: string }) {
  const { t } = useTranslation();
  const { url } = state.context;
  return (
    <div className="kw-share-link-button">
      <button type="button" className="kw-button kw-button-block" onClick={() => send({ type: 'link.share' })} disabled={state.hasTag('busy')}>{label}</button>
      {state.matches('shared') && <p role="status" className="kw-muted">{t('share.link.shared')}</p>}
      {state.matches('copied') && <p role="status" className="kw-muted">{t('share.link.copied', { link: url })}</p>}
      {state.matches('unavailable') && (
        <label className="kw-field">
          <span>{t('share.link.byHand')}</span>
          <input readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
        </label>
      )}
    </div>
  );
}
