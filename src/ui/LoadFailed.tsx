import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { FieldError } from './FieldError.tsx';

/** A screen's first call is on its way. */
export function Loading() {
  const { t } = useTranslation();
  return <p className="kw-centered" role="status">{t('common.loading')}</p>;
}

/** A screen's first call failed: the server's refusal, or the screen's own words for no answer, and a retry. */
export function LoadFailed({ errorCode, fallback, onRetry }: { errorCode: string | null; fallback: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <FieldError>{errorCode ? t(`errors.${errorCode}`) : fallback}</FieldError>
      <Button block color="primary" size="large" onClick={onRetry}>{t('common.retry')}</Button>
    </>
  );
}

/** The same, as the whole of the screen's step. */
export function LoadFailedStep(props: Parameters<typeof LoadFailed>[0]) {
  return (
    <div className="kw-form">
      <LoadFailed {...props} />
    </div>
  );
}

/** Only verified members move money out (FND10004): why, and the way to the verification. */
export function VerifyFirst({ label }: { label: string }) {
  const { t } = useTranslation();
  return (
    <div className="kw-form">
      <p className="kw-muted-text" role="alert">{t('errors.FND10004')}</p>
      <a className="kw-button kw-button-block kw-link-button kw-centered-text kw-button-primary" href="/app/personalcert">{label}</a>
    </div>
  );
}
