import { Button } from 'antd-mobile';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { branchPickerMachine, BranchPickerEvent } from '../../machines/branchPicker.machine.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { Notice } from '../../src/ui/Notice.tsx';

type State = SnapshotFrom<typeof branchPickerMachine>;

/** The branch picker: the bank's provinces, then the branches of the chosen one. */
export function BranchPickerView({ state, send }: { state: State; send: (event: BranchPickerEvent) => void }) {
  const { t } = useTranslation();
  const { context } = state;
  const province = context.provinces.find((p) => p.id === context.provinceId);
  return (
    <>
      {context.notice && !state.matches('failed') && <FieldError>{t(`errors.${context.notice}`)}</FieldError>}
      {state.hasTag('busy') && <Notice>{t('withdrawal.loadingBranches')}</Notice>}
      {state.matches('choosingProvince') && (
        <>
          <h2 className="kw-step-title" id="branch-province">{t('withdrawal.provinceTitle')}</h2>
          <ul className="kw-bank-options" aria-labelledby="branch-province">
            {context.provinces.map((p) => (
              <li key={p.id}><button type="button" className="kw-bank-option" onClick={() => send({ type: 'province.chosen', provinceId: p.id })}>{p.name}</button></li>
            ))}
          </ul>
        </>
      )}
      {state.matches('choosingBranch') && (
        <>
          <h2 className="kw-step-title" id="branch-list">{t('withdrawal.branchTitle', { province: province?.name ?? '' })}</h2>
          {context.branches.length === 0 && <Notice>{t('withdrawal.noBranches')}</Notice>}
          <ul className="kw-bank-options" aria-labelledby="branch-list">
            {context.branches.map((b) => (
              <li key={b.branchCode}>
                <button type="button" className="kw-bank-option" onClick={() => send({ type: 'branch.chosen', branchCode: b.branchCode })}>
                  <span>{b.name}</span> <span className="kw-muted-text">{b.address}</span>
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className="kw-text-button" onClick={() => send({ type: 'province.change' })}>{t('withdrawal.changeProvince')}</button>
        </>
      )}
      {state.matches('failed') && (
        <>
          <FieldError>{context.errorCode ? t(`errors.${context.errorCode}`) : t('withdrawal.branchesFailed')}</FieldError>
          <Button block color="primary" size="large" onClick={() => send({ type: 'branches.retry' })}>{t('common.retry')}</Button>
        </>
      )}
    </>
  );
}

/** The picker child of the withdrawal, rendered from its own actor. */
export function BranchPickerPanel({ actor }: { actor: ActorRefFrom<typeof branchPickerMachine> }) {
  const state = useSelector(actor, (snapshot) => snapshot);
  return <BranchPickerView state={state} send={(event) => actor.send(event)} />;
}
