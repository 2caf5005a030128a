import { Input } from 'antd-mobile';
import { Field } from '../../src/ui/Field.tsx';

/** An Angolan mobile field: the +244 prefix shown, the 9 national digits typed. */
export function MobileField({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (value: string) => void }) {
  return (
    <Field id={id} label={label}>
      <span className="kw-input-row">
        <span className="kw-prefix" aria-hidden="true">+244</span>
        <Input id={id} type="tel" inputMode="numeric" value={value} onChange={onChange} autoComplete="tel-national" placeholder="923 456 789" maxLength={9} />
      </span>
    </Field>
  );
}
