import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import './share.css';

/** `/s/error`: where a shared link to what cannot be offered now leads (spec §8). */
export default function ShareErrorScreen() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('titles.shareError')} showBack={false} />
      <div className="kw-share">
        <p role="alert" className="kw-share-heading">{t('share.error.text')}</p>
        <a className="kw-button kw-button-primary kw-button-block kw-link-button kw-centered-text" href="/">{t('share.error.home')}</a>
        <a className="kw-button kw-button-block kw-link-button kw-centered-text" href="/app/download">{t('share.open.download')}</a>
      </div>
    </>
  );
}
