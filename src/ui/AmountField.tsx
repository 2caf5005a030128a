import type { ReactNode } from 'react';
import { Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { normaliseLanguage } from '../lib/language.ts';
import { amountPlaceholder } from '../lib/money.ts';
import { Field } from './Field.tsx';

/**
 * The money flows' amount: its label, a decimal field with the reader's way of writing money as its
 * placeholder (`0,00` / `0.00`, src/lib/money.ts), and after it what bounds the amount (`children`:
 * a hint, the limits). The chart reads the text (`amount.changed`); the field only shows it.
 */
export function AmountField({ id, label, value, onChange, disabled, describedBy, children }: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  /** The id of what bounds the amount, when a screen reader should hear it with the field. */
  describedBy?: string;
  children?: ReactNode;
}) {
  const { i18n } = useTranslation();
  return (
    <Field id={id} label={label}>
      <Input id={id} inputMode="decimal" autoComplete="off" value={value} onChange={onChange} placeholder={amountPlaceholder(normaliseLanguage(i18n.language))} aria-describedby={describedBy} disabled={disabled} />
      {children}
    </Field>
  );
}
