import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { documentMachine, DocumentEvent } from '../../machines/document.machine.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';

/** What a platform page shows while its data is not there: loading, a refusal, or a retry. */
export function LoadStatus({ state, send, loading }: { state: SnapshotFrom<typeof documentMachine>; send: (event: DocumentEvent) => void; loading?: string }) {
  const { t } = useTranslation();
  if (state.hasTag('busy')) return <p className="kw-plt-status" role="status">{loading ?? t('common.loading')}</p>;
  if (state.matches('failed')) {
    return (
      <div className="kw-plt-status">
        <FieldError>{t('platform.common.failed')}</FieldError>
        <button type="button" className="kw-button" onClick={() => send({ type: 'document.retry' })}>{t('common.retry')}</button>
      </div>
    );
  }
  if (state.matches('unavailable')) return <div className="kw-plt-status"><FieldError>{t(`errors.${state.context.errorCode ?? 'AGW50000'}`)}</FieldError></div>;
  return null;
}
