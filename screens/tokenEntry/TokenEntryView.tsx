import { Button, DotLoading, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { tokenEntryMachine, TokenEntryEvent } from '../../machines/tokenEntry.machine.ts';

/** Renders the token entry chart: checking, or why the address could not sign the user in. */
export function TokenEntryView({ state, send, onHome }: { state: SnapshotFrom<typeof tokenEntryMachine>; send: (e: TokenEntryEvent) => void; onHome: () => void }) {
  const { t } = useTranslation();
  if (state.hasTag('busy') || state.matches('accepted') || state.matches('inspecting')) {
    return (
      <div className="kw-centered" role="status">
        {t('tokenEntry.checking')} <DotLoading />
      </div>
    );
  }
  const problem = state.matches('malformed') ? 'malformed' : state.matches('refused') ? 'refused' : 'unreachable';
  return (
    <ErrorBlock
      status={problem === 'unreachable' ? 'disconnected' : 'default'}
      title={t(`tokenEntry.${problem}`)}
      description={state.context.errorCode ? t(`errors.${state.context.errorCode}`) : ''}
    >
      <div className="kw-actions">
        {state.can({ type: 'entry.retry' }) && (
          <Button color="primary" onClick={() => send({ type: 'entry.retry' })}>
            {t('common.retry')}
          </Button>
        )}
        <Button onClick={onHome}>{t('tokenEntry.goHome')}</Button>
      </div>
    </ErrorBlock>
  );
}
