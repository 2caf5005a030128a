/**
 * The operation number a person quotes to support for any movement: `OP`, the day it was posted
 * (UTC, yyyymmdd) and the ledger transfer's id in ten digits. `OP` so it is never read as a printed
 * sticker's serial (`KW` + 10 digits) or a store's code (`ST…`).
 */
export function tradeNumber(postedAt: Date | string, transferId: string): string {
  return `OP${new Date(postedAt).toISOString().slice(0, 10).replace(/-/g, '')}${transferId.padStart(10, '0')}`;
}
