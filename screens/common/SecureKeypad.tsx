import { useTranslation } from 'react-i18next';
import { PIN_LENGTH } from '../../src/lib/payPin.ts';

/**
 * The secure keypad: ten keys laid out in the server's shuffled order, so what is recorded of a tap
 * (a position) says nothing of the digit. antd-mobile's NumberKeyboard only shuffles on the client,
 * which the server could not map back, so the keys are drawn here.
 */
export function SecureKeypad({ mapArr, filled, onPosition, onDelete, disabled }: {
  mapArr: number[];
  filled: number;
  onPosition: (position: number) => void;
  onDelete: () => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="kw-keypad-wrap">
      <div className="kw-pin-dots" role="img" aria-label={t('payPassword.filled', { filled, total: PIN_LENGTH })}>
        {Array.from({ length: PIN_LENGTH }, (_, i) => (
          <span key={i} className={i < filled ? 'kw-pin-dot kw-pin-dot-filled' : 'kw-pin-dot'} />
        ))}
      </div>
      <div className="kw-keypad" role="group" aria-label={t('payPassword.keypad')}>
        {mapArr.slice(0, 9).map((digit, position) => (
          <button key={position} type="button" className="kw-key" disabled={disabled} onClick={() => onPosition(position)}>
            {digit}
          </button>
        ))}
        <span aria-hidden="true" />
        <button type="button" className="kw-key" disabled={disabled} onClick={() => onPosition(9)}>
          {mapArr[9]}
        </button>
        <button type="button" className="kw-key kw-key-delete" disabled={disabled || filled === 0} onClick={onDelete} aria-label={t('payPassword.delete')}>
          ⌫
        </button>
      </div>
    </div>
  );
}
