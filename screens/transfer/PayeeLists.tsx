import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { NICKNAME_MAX, type PayeeCheckEvent, type PayeeLists as Lists } from '../../machines/payeeCheck.machine.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';

/**
 * The last people paid and the favourites, above the number field: a tap fills the number and
 * goes on to the payee check ("is this the person?"), never past it. Names and numbers are shown
 * masked, as the payee check shows them; a nickname is the member's own.
 */
export function PayeeLists({ payees, error, disabled, send }: { payees: Lists; error: string | null; disabled: boolean; send: (event: PayeeCheckEvent) => void }) {
  const { t } = useTranslation();
  if (!payees.recent.length && !payees.favourites.length) return error ? <FieldError>{t(`errors.${error}`)}</FieldError> : null;
  const pick = (mobile: string) => send({ type: 'payee.picked', mobile });
  return (
    <div className="kw-payee-lists">
      {error && <FieldError>{t(`errors.${error}`)}</FieldError>}
      {payees.favourites.length > 0 && (
        <section aria-label={t('transfer.payees.favourites')}>
          <h3 className="kw-section-title">{t('transfer.payees.favourites')}</h3>
          <ul className="kw-list">
            {payees.favourites.map((f) => (
              <li key={f.id} className="kw-list-item">
                <button type="button" className="kw-text-button" disabled={disabled} aria-label={t('transfer.payees.pick', { name: f.maskedName, mobile: f.maskedMobile })} onClick={() => pick(f.mobile)}>
                  {f.nickname ? <strong>{f.nickname} </strong> : null}
                  <span>{f.maskedName}</span> <span className="kw-muted-text">{f.maskedMobile}</span>
                </button>
                <button type="button" className="kw-text-button" disabled={disabled} aria-label={t('transfer.payees.unstar', { name: f.maskedName })} onClick={() => send({ type: 'favourite.unstarred', id: f.id })}>★</button>
                <form
                  className="kw-row-actions"
                  noValidate
                  onSubmit={(e) => {
                    e.preventDefault();
                    const nickname = new FormData(e.currentTarget).get('nickname');
                    send({ type: 'favourite.renamed', id: f.id, nickname: typeof nickname === 'string' ? nickname : '' });
                  }}
                >
                  <input className="adm-input-element" name="nickname" aria-label={t('transfer.payees.nickname', { name: f.maskedName })} placeholder={t('transfer.payees.nicknameHint')} defaultValue={f.nickname ?? ''} maxLength={NICKNAME_MAX} />
                  <Button size="small" type="submit" disabled={disabled} aria-label={t('transfer.payees.rename', { name: f.maskedName })}>{t('transfer.payees.save')}</Button>
                </form>
              </li>
            ))}
          </ul>
        </section>
      )}
      {payees.recent.length > 0 && (
        <section aria-label={t('transfer.payees.recent')}>
          <h3 className="kw-section-title">{t('transfer.payees.recent')}</h3>
          <ul className="kw-list">
            {payees.recent.map((r) => (
              <li key={r.mobile} className="kw-list-item">
                <button type="button" className="kw-text-button" disabled={disabled} aria-label={t('transfer.payees.pick', { name: r.maskedName, mobile: r.maskedMobile })} onClick={() => pick(r.mobile)}>
                  <span>{r.maskedName}</span> <span className="kw-muted-text">{r.maskedMobile}</span>
                </button>
                {r.favouriteId === null
                  ? <button type="button" className="kw-text-button" disabled={disabled} aria-label={t('transfer.payees.star', { name: r.maskedName })} onClick={() => send({ type: 'favourite.starred', mobile: r.mobile })}>☆</button>
                  : <span aria-label={t('transfer.payees.starred')}>★</span>}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
