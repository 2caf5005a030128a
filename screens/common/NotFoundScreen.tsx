import { ErrorBlock } from 'antd-mobile';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** Any path the route table does not know. */
export default function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <div className="kw-page kw-centered-page">
      <ErrorBlock status="empty" title={<h1 className="kw-error-title">{t('notFound.title')}</h1>} description={t('notFound.body')}>
        <Link to="/" className="kw-button kw-button-primary kw-link-button">
          {t('notFound.goHome')}
        </Link>
      </ErrorBlock>
    </div>
  );
}
