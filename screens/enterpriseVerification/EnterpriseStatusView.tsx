import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { enterpriseVerificationMachine, EnterpriseVerificationEvent } from '../../machines/enterpriseVerification.machine.ts';
import { timeInSentence } from '../../src/lib/dates.ts';
import './EnterpriseVerification.css';
import { Loading } from '../../src/ui/LoadFailed.tsx';
import { LinkButton } from '../../src/ui/LinkButton.tsx';
import { WayOn } from '../../src/ui/WayOn.tsx';

type State = SnapshotFrom<typeof enterpriseVerificationMachine>;
type Send = (event: EnterpriseVerificationEvent) => void;

/**
 * The verification result (spec §2 `/app/result`): not verified, pending review, verified, or
 * failed with the operator's reason and a re-verify action. The form itself is on /app/enterprisecert.
 */
export function EnterpriseStatusView({ state, send }: { state: State; send: Send }) {
  const { t } = useTranslation();
  const { context } = state;
  if (state.matches('loading')) return <Loading />;
  if (state.matches('unavailable')) {
    return <WayOn problem={context.errorCode ? t([`errors.${context.errorCode}`, 'errors.AGW50000']) : t('network.gateway')} onPress={() => send({ type: 'flow.retry' })} label={t('common.retry')} />;
  }
  if (state.matches('notEnterprise')) {
    return <WayOn problem={t('errors.ENT10001')} href="/app/personalcert" label={t('enterpriseVerification.toPersonal')} />;
  }
  const status = state.matches('pending') ? 'pending' : state.matches('verified') ? 'verified' : state.matches('failed') ? 'failed' : 'unverified';
  return (
    <div className="kw-form kw-enterprise-status" data-status={status}>
      <p className={`kw-status-badge kw-status-${status}`} role="status">{t(`enterpriseVerification.status.${status}`)}</p>
      <h2 className="kw-step-title">{t(`enterpriseVerification.result.${status}.title`)}</h2>
      <p className="kw-muted-text">{t(`enterpriseVerification.result.${status}.text`)}</p>
      {status === 'pending' && context.submittedAt && (
        <p className="kw-muted-text">{t('enterpriseVerification.submittedAt', { date: timeInSentence(context.submittedAt) })}</p>
      )}
      {status === 'failed' && (
        <div className="kw-enterprise-reason">
          <strong>{t('enterpriseVerification.reasonLabel')}</strong> {context.reason || t('enterpriseVerification.noReason')}
        </div>
      )}
      {status === 'pending' && <Button block size="large" onClick={() => send({ type: 'status.refreshed' })}>{t('enterpriseVerification.refresh')}</Button>}
      {status === 'failed' && <Button block color="primary" size="large" onClick={() => send({ type: 'reverify' })}>{t('enterpriseVerification.reverify')}</Button>}
      {status === 'unverified' && <LinkButton href="/app/enterprisecert" primary>{t('enterpriseVerification.start')}</LinkButton>}
      {status === 'verified' && <LinkButton href="/" primary>{t('enterpriseVerification.toWallet')}</LinkButton>}
    </div>
  );
}
