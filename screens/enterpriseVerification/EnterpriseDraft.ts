import { useEffect } from 'react';
import type { SnapshotFrom } from 'xstate';
import { reviveDraft, type EnterpriseValues } from '../../machines/enterpriseForm.ts';
import type { enterpriseVerificationMachine } from '../../machines/enterpriseVerification.machine.ts';
import { storage } from '../../src/lib/storage.ts';

/**
 * The enterprise form's draft in session storage: what the member typed and uploaded (file ids and
 * names) survives a reload of the tab. The chart never touches storage: the screen reads the draft
 * into the chart's input, writes it on every change while the form is shown, and drops it once the
 * form is sent (or nothing is left to edit).
 */
export const loadDraft = (): EnterpriseValues | null => reviveDraft(storage.getEnterpriseDraft());
export const saveDraft = (values: EnterpriseValues) => storage.setEnterpriseDraft(values);
export const clearDraft = () => storage.setEnterpriseDraft(null);

export function useDraftPersistence(state: SnapshotFrom<typeof enterpriseVerificationMachine>) {
  const editing = state.matches('unverified');
  const values = state.context.values;
  useEffect(() => {
    if (editing) saveDraft(values);
  }, [editing, values]);
}
