import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { voucherRedeemMachine, VoucherRedeemEvent, TillVoucher } from '../../machines/voucherRedeem.machine.ts';
import type { scannerMachine } from '../../machines/scanner.machine.ts';
import { word } from '../../src/lib/sentence.ts';
import { Loading } from '../../src/ui/LoadFailed.tsx';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { WayOn } from '../../src/ui/WayOn.tsx';
import { Scanner } from '../common/Scanner.tsx';
import { languageOf, lineTime } from '../common/format.ts';

type State = SnapshotFrom<typeof voucherRedeemMachine>;
type Send = (event: VoucherRedeemEvent) => void;

/** The refusals of a voucher at the till that have their own words; anything else reads as refused, with its reason. */
const VOUCHER_REFUSALS = ['GRP10010', 'GRP10011', 'GRP10012', 'GRP10013', 'GRP10014', 'STF10009', 'MCH10003', 'MCH10004'];

/** What to hand over: the package, its content lines, the payer masked, its end. */
function VoucherSummary({ found }: { found: TillVoucher }) {
  const { t, i18n } = useTranslation();
  const { voucher } = found;
  return (
    <dl className="kw-summary">
      <dt>{t('voucherRedeem.package')}</dt>
      <dd>{voucher.packageName}</dd>
      <dt>{t('voucherRedeem.content')}</dt>
      <dd>
        <ul aria-label={t('voucherRedeem.content')}>
          {voucher.content.map((line, i) => <li key={i}>{line}</li>)}
        </ul>
      </dd>
      <dt>{t('voucherRedeem.payer')}</dt>
      <dd>{found.payerMasked}</dd>
      <dt>{t('voucherRedeem.store')}</dt>
      <dd>{voucher.storeName}</dd>
      <dt>{t('voucherRedeem.expires')}</dt>
      <dd>{lineTime(voucher.expiresAt, languageOf(i18n.language))}</dd>
    </dl>
  );
}

/** Renders the voucher chart: the scanner, the look-up, what to hand over, the redeeming and its outcome. */
export function VoucherRedeemView({ state, send }: { state: State; send: Send }) {
  const { t } = useTranslation();
  const { context } = state;
  const toTill = { label: t('voucherRedeem.toTill'), onPress: () => send({ type: 'till.back' }) };

  if (state.matches('noStore')) return <WayOn notice={t('voucherRedeem.noStore')} href="/" label={t('voucherRedeem.toHome')} />;
  if (state.matches('scanning')) {
    return (
      <div className="kw-form">
        <h2 className="kw-step-title">{t('voucherRedeem.scanTitle')}</h2>
        <p className="kw-muted-text">{t('voucherRedeem.scanExplain')}</p>
        <Scanner actor={state.children.scanner as ActorRefFrom<typeof scannerMachine> | undefined} />
        <Button block size="large" onClick={() => send({ type: 'till.back' })}>{t('voucherRedeem.toTill')}</Button>
      </div>
    );
  }
  if (state.matches('notAVoucher')) {
    return <WayOn problem={t('voucherRedeem.notAVoucher')} onPress={() => send({ type: 'scan.again' })} label={t('voucherRedeem.scanAnother')} other={toTill} />;
  }
  if (state.matches('lookingUp')) return <Loading label={t('voucherRedeem.lookingUp')} />;
  if (state.matches('lookUpFailed')) {
    return <WayOn problem={t('voucherRedeem.lookUpFailed')} onPress={() => send({ type: 'lookUp.retry' })} label={t('voucherRedeem.retry')} other={{ label: t('voucherRedeem.scanAnother'), onPress: () => send({ type: 'scan.again' }) }} />;
  }
  if (state.matches('confirm') && context.found) {
    return (
      <div className="kw-form">
        <h2 className="kw-step-title">{t('voucherRedeem.confirmTitle')}</h2>
        <VoucherSummary found={context.found} />
        <Button block color="primary" size="large" onClick={() => send({ type: 'redeem.confirmed' })}>{t('voucherRedeem.confirm')}</Button>
        <Button block size="large" onClick={() => send({ type: 'scan.again' })}>{t('voucherRedeem.scanAnother')}</Button>
      </div>
    );
  }
  if (state.matches('redeeming')) return <Loading label={t('voucherRedeem.redeeming')} />;
  if (state.matches('redeemFailed')) {
    return (
      <div className="kw-form">
        <FieldError>{t('voucherRedeem.redeemFailed')}</FieldError>
        <p className="kw-muted-text">{t('voucherRedeem.redeemFailedExplain')}</p>
        <Button block color="primary" size="large" onClick={() => send({ type: 'redeem.retry' })}>{t('voucherRedeem.retrySame')}</Button>
      </div>
    );
  }
  if (state.matches('redeemed') && context.found) {
    return (
      <div className="kw-form">
        <div className="kw-done kw-done-paid" role="status">
          <span className="kw-done-mark" aria-hidden="true">✓</span>
          <p className="kw-done-title">{t('voucherRedeem.redeemedTitle')}</p>
        </div>
        <p className="kw-muted-text">{t('voucherRedeem.handOver')}</p>
        <VoucherSummary found={context.found} />
        <Button block color="primary" size="large" onClick={() => send({ type: 'till.back' })}>{t('voucherRedeem.toTill')}</Button>
        <Button block size="large" onClick={() => send({ type: 'scan.again' })}>{t('voucherRedeem.next')}</Button>
      </div>
    );
  }
  if (state.matches('refused')) {
    const code = context.errorCode;
    return (
      <WayOn
        problem={code && VOUCHER_REFUSALS.includes(code) ? t(`errors.${code}`) : t('voucherRedeem.refusedWith', { reason: word(`errors.${code ?? 'AGW50000'}`, 'errors.AGW50000') })}
        onPress={() => send({ type: 'scan.again' })}
        label={t('voucherRedeem.scanAnother')}
        other={toTill}
      />
    );
  }
  // done: the till opens
  return <Loading />;
}
