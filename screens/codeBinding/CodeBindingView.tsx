import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { codeBindingMachine, CodeBindingEvent } from '../../machines/codeBinding.machine.ts';
import type { scannerMachine } from '../../machines/scanner.machine.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { LoadFailedStep, Loading } from '../../src/ui/LoadFailed.tsx';
import { QrCode } from '../common/QrCode.tsx';
import { Scanner } from '../common/Scanner.tsx';
import { downloadCode } from './downloadCode.ts';
import { timeInSentence } from '../../src/lib/dates.ts';
import { LinkButton } from '../../src/ui/LinkButton.tsx';
import { Notice } from '../../src/ui/Notice.tsx';

type State = SnapshotFrom<typeof codeBindingMachine>;
type Send = (event: CodeBindingEvent) => void;
export type CodeDownloader = typeof downloadCode;

/** The store's own code, and saving it to print (PNG or SVG) as a placard in the merchant's language; a failed drawing says so. */
function StoreCodeCard({ name, serial, payload, download }: { name: string; serial: string; payload: string; download: CodeDownloader }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const save = (format: 'png' | 'svg') => {
    setFailed(false);
    download({ payload, storeName: name, serial, tagline: t('codeBinding.placardTagline') }, `kwanza-${serial}`, format).catch(() => setFailed(true));
  };
  return (
    <section className="kw-mch-section kw-mch-code" aria-labelledby="store-code-title">
      <h2 id="store-code-title">{t('codeBinding.storeCode')}</h2>
      <QrCode value={payload} label={t('codeBinding.storeCodeLabel', { name })} caption={<><strong>{name}</strong><br /><span className="kw-muted">{serial}</span></>} />
      <p className="kw-muted-text">{t('codeBinding.storeCodeExplain')}</p>
      <div className="kw-mch-pair">
        <Button block onClick={() => save('png')}>{t('codeBinding.downloadPng')}</Button>
        <Button block onClick={() => save('svg')}>{t('codeBinding.downloadSvg')}</Button>
      </div>
      {failed && <FieldError>{t('codeBinding.downloadFailed')}</FieldError>}
    </section>
  );
}

/** Renders the code-binding chart: the store's code, its bound stickers, binding one (scanner child), unbinding one (asked first). */
export function CodeBindingView({ state, send, download = downloadCode }: { state: State; send: Send; download?: CodeDownloader }) {
  const { t } = useTranslation();
  const { context } = state;
  if (state.matches('loading')) return <Loading />;
  if (state.matches('loadFailed') || !context.store || !context.storeCode) {
    return <LoadFailedStep errorCode={context.errorCode} fallback={t('codeBinding.loadFailed')} onRetry={() => send({ type: 'codes.retry' })} />;
  }
  const { store, storeCode, chosen } = context;
  if (state.matches('scanning')) {
    return (
      <div className="kw-form">
        <h2 className="kw-step-title">{t('codeBinding.scanTitle')}</h2>
        <p className="kw-muted-text">{t('codeBinding.scanExplain', { name: store.name })}</p>
        <Scanner actor={state.children.scanner as ActorRefFrom<typeof scannerMachine> | undefined} />
        <Button block size="large" onClick={() => send({ type: 'binding.cancelled' })}>{t('common.cancel')}</Button>
      </div>
    );
  }
  if (state.matches('confirmingBind')) {
    return (
      <div className="kw-form" role="alertdialog" aria-labelledby="bind-question" aria-describedby="bind-explain">
        <h2 id="bind-question" className="kw-step-title">{t('codeBinding.bindTitle', { serial: context.serial ?? '', store: store.name })}</h2>
        <p id="bind-explain" className="kw-muted-text">{t('codeBinding.bindExplain', { store: store.name, address: store.address })}</p>
        <Button block color="primary" size="large" onClick={() => send({ type: 'binding.confirmed' })}>{t('codeBinding.bindConfirm', { store: store.name })}</Button>
        <Button block size="large" onClick={() => send({ type: 'binding.cancelled' })}>{t('common.cancel')}</Button>
      </div>
    );
  }
  if (state.matches('binding')) return <Loading label={t('codeBinding.binding')} />;
  if (state.matches('confirmingUnbind') || state.matches('unbinding')) {
    const busy = state.hasTag('busy');
    return (
      <div className="kw-form">
        <h2 className="kw-step-title">{t('codeBinding.unbindTitle', { serial: chosen?.serial ?? '' })}</h2>
        <p className="kw-error-text">{t('codeBinding.unbindWarning')}</p>
        <p className="kw-muted-text">{t('codeBinding.unbindStays')}</p>
        {busy && <Notice>{t('codeBinding.unbinding')}</Notice>}
        <Button block color="danger" size="large" loading={busy} disabled={busy} onClick={() => send({ type: 'unbind.confirmed' })}>{t('codeBinding.unbindConfirm')}</Button>
        <Button block size="large" disabled={busy} onClick={() => send({ type: 'unbind.cancelled' })}>{t('common.cancel')}</Button>
      </div>
    );
  }
  // ready, with what just happened
  const open = store.status === 'open';
  const notice = state.matches({ ready: 'bound' }) ? <Notice kind="success">{t('codeBinding.bound', { serial: chosen?.serial ?? '' })}</Notice>
    : state.matches({ ready: 'unbound' }) ? <Notice kind="success">{t('codeBinding.unbound')}</Notice>
      : state.matches({ ready: 'bindRefused' }) ? <FieldError>{t(`errors.${context.errorCode ?? 'AGW50000'}`)}</FieldError>
        : state.matches({ ready: 'unbindRefused' }) ? <FieldError>{t(`errors.${context.errorCode ?? 'AGW50000'}`)}</FieldError>
          : state.matches({ ready: 'bindUnreachable' }) ? <FieldError>{t('codeBinding.bindUnreachable')}</FieldError>
            : state.matches({ ready: 'unbindUnreachable' }) ? <FieldError>{t('codeBinding.unbindUnreachable')}</FieldError>
              : null;
  const lostAnswer = state.matches({ ready: 'bindUnreachable' }) || state.matches({ ready: 'unbindUnreachable' });
  return (
    <div className="kw-form">
      <h2 className="kw-step-title">{store.name}</h2>
      {!open && <Notice>{t('codeBinding.storeClosed')}</Notice>}
      {notice}
      {lostAnswer && <Button block size="large" onClick={() => send({ type: 'codes.retry' })}>{t('codeBinding.readAgain')}</Button>}
      <StoreCodeCard name={store.name} serial={storeCode.serial} payload={storeCode.payload} download={download} />
      <section className="kw-mch-section" aria-labelledby="stickers-title">
        <h2 id="stickers-title">{t('codeBinding.stickers')}</h2>
        <p className="kw-muted-text">{t('codeBinding.stickersExplain')}</p>
        {context.stickers.length === 0 ? (
          <p className="kw-muted-text">{t('codeBinding.noStickers')}</p>
        ) : (
          <ul className="kw-mch-stores" aria-label={t('codeBinding.stickers')}>
            {context.stickers.map((binding) => (
              <li key={binding.bindingId} className="kw-mch-store">
                <span className="kw-mch-serial">{binding.serial}</span>
                <span className="kw-muted kw-mch-store-lines">{t('codeBinding.boundAt', { date: timeInSentence(binding.boundAt) })}</span>
                <button type="button" className="kw-text-button kw-mch-store-codes" aria-label={t('codeBinding.unbindOne', { serial: binding.serial })} onClick={() => send({ type: 'unbind.asked', bindingId: binding.bindingId })}>
                  {t('codeBinding.unbind')}
                </button>
              </li>
            ))}
          </ul>
        )}
        {open && <Button block color="primary" size="large" onClick={() => send({ type: 'binding.started' })}>{t('codeBinding.bind')}</Button>}
      </section>
      <LinkButton href={`/app/store/${store.storeId}`}>{t('codeBinding.toStore')}</LinkButton>
    </div>
  );
}
