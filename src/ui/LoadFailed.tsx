import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { FieldError } from './FieldError.tsx';
import { signedInMemberType, verificationHref } from '../lib/verification.ts';
import { LinkButton } from './LinkButton.tsx';

/** A screen's call is on its way: "Loading…", or the step's own words for what it waits on. */
export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return <p className="kw-centered" role="status">{label ?? t('common.loading')}</p>;
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

/**
 * Only verified members move money out (FND10004): why, and the way to the verification. A person
 * goes to the B.I. form (`label` is the flow's own words for it); a company to its enterprise
 * verification, in the words of a company.
 */
export function VerifyFirst({ label }: { label: string }) {
  const { t } = useTranslation();
  const company = signedInMemberType() === 'enterprise';
  return (
    <div className="kw-form">
      <p className="kw-muted-text" role="alert">{company ? t('common.verifyCompanyFirst') : t('errors.FND10004')}</p>
      <LinkButton href={verificationHref()} primary>{company ? t('common.verifyCompany') : label}</LinkButton>
    </div>
  );
}
