import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { documentMachine } from '../../machines/document.machine.ts';
import type { ResponseOf } from '../../services/contract/define.ts';
import type { getLatestAppVersion } from '../../services/contract/appInfo.ts';
import { latestVersionFlow, serverDocumentFlow } from '../../src/flows/document.ts';
import { formatDate } from '../../src/lib/dates.ts';
import { normaliseLanguage } from '../../src/lib/language.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { DocumentView } from '../common/DocumentView.tsx';
import { useDocument } from '../common/useDocument.ts';
import { word } from '../../src/lib/sentence.ts';
import { LinkButton } from '../../src/ui/LinkButton.tsx';

type LatestVersion = ResponseOf<typeof getLatestAppVersion>;

/**
 * One platform's store button, first on the page: the same box while the version loads or when it
 * cannot be had, so nothing moves when it arrives (the page is rendered on the server without it).
 */
export function StoreButton({ state }: { state: SnapshotFrom<typeof documentMachine> }) {
  const { t, i18n } = useTranslation();
  const platform = state.context.key as 'android' | 'ios';
  const latest = state.matches('ready') ? (state.context.document as LatestVersion) : null;
  const label = t('download.get', { platform: word(`download.${platform}`) });
  return (
    <div className="kw-download-get">
      {latest
        ? <LinkButton href={latest.downloadUrl} primary rel="noopener" data-track={`download.${platform}`}>{label}</LinkButton>
        : <span className="kw-button kw-button-block kw-centered-text kw-button-pending" aria-disabled="true">{label}</span>}
      <p className="kw-muted-text kw-download-version">
        {latest ? `${t('download.version', { version: latest.version })} · ${formatDate(latest.releasedAt, normaliseLanguage(i18n.language))}` : state.hasTag('busy') ? '\u00a0' : t('download.versionsUnavailable')}
      </p>
    </div>
  );
}

/** One platform's newest version: its number, date and notes (or nothing while it loads). */
export function LatestVersion({ state }: { state: SnapshotFrom<typeof documentMachine> }) {
  const { t, i18n } = useTranslation();
  const platform = state.context.key as 'android' | 'ios';
  if (state.hasTag('busy')) return null;
  if (!state.matches('ready')) return <p className="kw-muted-text">{t(`download.${platform}`)}: {t('download.versionsUnavailable')}</p>;
  const latest = state.context.document as LatestVersion;
  return (
    <section className="kw-section" aria-labelledby={`download-${platform}`}>
      <h3 id={`download-${platform}`}>{t(`download.${platform}`)}</h3>
      <p className="kw-muted-text">{t('download.version', { version: latest.version })} · {formatDate(latest.releasedAt, normaliseLanguage(i18n.language))}</p>
      {latest.releaseNotes && <p>{latest.releaseNotes}</p>}
    </section>
  );
}

/** `/app/download`: the store buttons first, then the help guide (server content), then what each newest version brings. */
export default function DownloadScreen() {
  const { t } = useTranslation();
  const [guide, send] = useDocument('download', serverDocumentFlow, undefined, { rendered: true });
  const [android] = useDocument('android', latestVersionFlow);
  const [ios] = useDocument('ios', latestVersionFlow);
  return (
    <>
      <PageHeader title={t('titles.download')} />
      <nav className="kw-download-buttons" aria-label={t('download.latestTitle')}>
        <StoreButton state={android} />
        <StoreButton state={ios} />
      </nav>
      <DocumentView state={guide} send={send} />
      {/* after the guide, which the server renders into the page: versions arriving later push nothing down (no layout shift) */}
      <section className="kw-document" aria-label={t('download.whatsNew')}>
        <h2 className="kw-document-title">{t('download.whatsNew')}</h2>
        <LatestVersion state={android} />
        <LatestVersion state={ios} />
      </section>
    </>
  );
}
