import banksData from '../../services/data/angola/banks.json' with { type: 'json' };

/**
 * The bank, as the wallet sees it: what a production integration (the card network's switch or
 * each bank's API) implements. The local default is `bankSimulator` (bankSimulator.ts), with its own
 * tables; the server's start-up chooses which one the handlers and the settlement job are given.
 *
 * Rules for callers: never call the bank inside a database transaction of the wallet (no external
 * call while holding locks; on PGlite, one connection, it would wait on itself). Operations are
 * idempotent on `reference`: submitting the same reference again answers the first operation, so
 * a job that crashed between submitting and recording it may simply submit again.
 */
export interface BankAdapter {
  readonly name: string;
  /** The card's BIN (first six digits): issuing bank and debit or credit; null when unknown. */
  lookupBin(cardNo: string): Promise<BinInfo | null>;
  /**
   * Checks a card against its holder's name and the mobile the bank has for it. When both match
   * the answer carries the bank's token for the card: the wallet keeps the token, never the number.
   */
  verifyCard(request: { cardNo: string; holderName: string; mobile: string }): Promise<CardVerification>;
  /** Debits (a top-up) or credits (a withdrawal's payout) a card. Asynchronous: usually answers PENDING. */
  submit(request: BankOperationRequest): Promise<BankOperationStatus>;
  /** Where an operation stands; null when the bank never received the reference. */
  status(reference: string): Promise<BankOperationStatus | null>;
  /** The bank's branches, for banks that route payouts by branch. */
  branches(bankCode: string, filter?: { provinceId?: string; city?: string; branchCode?: string }): Promise<BankBranch[]>;
  /** Simulator only: completes the operations that are due (a real bank does this on its side). */
  processDue?(options?: { limit?: number; ignoreDelay?: boolean }): Promise<number>;
}

export type CardType = 'debit' | 'credit';

export interface BinInfo {
  bin: string;
  bankCode: string;
  cardType: CardType;
  product: string;
}

export type CardVerification =
  /** `holderName`: the name the bank has the card in (it matched the one asked about). */
  | { outcome: 'ok'; token: string; bankCode: string; cardType: CardType; holderName: string }
  | { outcome: 'unknownCard' | 'blocked' | 'holderMismatch' | 'mobileMismatch' };

export interface BankOperationRequest {
  /** Ours, unique per operation (a top-up order or withdrawal number). */
  reference: string;
  kind: 'debit' | 'credit';
  cardToken: string;
  /** Cêntimos. */
  amount: bigint;
  branchCode?: string | null;
}

export type BankOperationState = 'PENDING' | 'SUCCEEDED' | 'FAILED';

/** Failure reasons the wallet shows (the client translates them). */
export type BankFailureReason = 'INSUFFICIENT_FUNDS' | 'DECLINED' | 'LIMIT_EXCEEDED' | 'BRANCH_REQUIRED' | 'CARD_BLOCKED' | 'CARD_UNKNOWN';

export interface BankOperationStatus {
  reference: string;
  state: BankOperationState;
  reason: BankFailureReason | null;
  settledAt: Date | null;
}

export interface BankBranch {
  bankCode: string;
  branchCode: string;
  name: string;
  provinceId: string;
  city: string;
  address: string;
}

// ---------------------------------------------------------------------------------------------
// The banks of Angola (the BNA's register, services/data/angola/banks.json): the codes every bank
// adapter and the wallet's channels (entities/bankChannels.ts) are keyed by.

interface BankEntry { code: string; short: string; name: string; status?: string }

/** The banks in the register with no status note (operating, not revoked or in doubt). */
export const OPERATING_BANKS: ReadonlyArray<{ code: string; short: string; name: string }> = (banksData.banks as BankEntry[])
  .filter((b) => !b.status)
  .map(({ code, short, name }) => ({ code, short, name }));

export const bankNamed = (code: string) => (banksData.banks as BankEntry[]).find((b) => b.code === code);
