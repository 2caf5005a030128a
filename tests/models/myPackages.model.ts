import { myPackagesMachine, type MyPackagesEvent } from '../../machines/myPackages.machine.ts';
import type { GroupVoucher } from '../../services/contract/groupPackages.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';
import { sampleGroupVoucher } from './groupPurchase.model.ts';

const refusal = (code: string) => ({ ok: false, code, message: code, detail: '' });

/** The member's vouchers: one unused (its QR opens), one redeemed, one expired, one refunded. */
export const sampleVouchers: GroupVoucher[] = [
  sampleGroupVoucher,
  { ...sampleGroupVoucher, voucherId: '76', code: null, state: 'redeemed', packageName: 'Almoço executivo', redeemedAt: '2026-03-12T12:30:00.000Z', redeemedStoreName: 'Loja Central' },
  { ...sampleGroupVoucher, voucherId: '75', code: null, state: 'expired', packageName: 'Bolo de aniversário', expiresAt: '2026-03-01T22:59:59.000Z' },
  { ...sampleGroupVoucher, voucherId: '74', code: null, state: 'refunded', packageName: 'Jantar de sexta', expiresAt: '2026-02-20T22:59:59.000Z' },
];

export const myPackagesUserEvents = {
  'filter.changed': { type: 'filter.changed', state: 'unused' },
  'list.retry': { type: 'list.retry' },
  'voucher.open': { type: 'voucher.open', voucherId: '77' },
  'voucher.close': { type: 'voucher.close' },
} satisfies Record<MyPackagesEvent['type'], MyPackagesEvent>;

export const myPackagesModel: FlowModel<typeof myPackagesMachine> = {
  machine: parkInvokes(myPackagesMachine, ['loadVouchers']),
  variants: [{ name: 'all', input: {} }],
  events: [
    ...Object.values(myPackagesUserEvents),
    { type: 'filter.changed', state: null } as MyPackagesEvent,
    // a voucher with no code (redeemed): nothing to open
    { type: 'voucher.open', voucherId: '76' } as MyPackagesEvent,
    doneEvent('loadVouchers', { ok: true, data: { vouchers: sampleVouchers } }),
    doneEvent('loadVouchers', { ok: true, data: { vouchers: [] } }),
    doneEvent('loadVouchers', refusal('AGW50000')),
    errorEvent('loadVouchers', new Error('network down')),
  ],
  serializeState: (snapshot) => {
    const c = snapshot.context;
    return JSON.stringify([snapshot.value, c.filter, c.vouchers.length, c.openId, c.errorCode]);
  },
};
