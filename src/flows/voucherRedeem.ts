import { fromPromise } from 'xstate';
import { voucherRedeemMachine, type TillVoucher } from '../../machines/voucherRedeem.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';
import type { Outcome } from '../../services/contract/outcome.ts';
import { scannerFlow } from './scanner.ts';

type VoucherAt = { storeId: string; code: string };

/**
 * A voucher at the till: its look-up (merchant/groupPackage/voucher, nothing written) and its
 * redeeming (merchant/groupPackage/redeem, once). Asked without the modal cover: the screen shows
 * its own loading line.
 */
export const voucherRedeemActors = {
  scanner: scannerFlow,
  lookUp: fromPromise<Outcome<TillVoucher>, VoucherAt>(({ input }) => requestGateway('merchant/groupPackage/voucher', input, { quiet: true })),
  redeem: fromPromise<Outcome<TillVoucher>, VoucherAt>(({ input }) => requestGateway('merchant/groupPackage/redeem', input, { quiet: true })),
} satisfies ActorsOf<typeof voucherRedeemMachine>;

export const voucherRedeemFlow = voucherRedeemMachine.provide({ actors: voucherRedeemActors });
