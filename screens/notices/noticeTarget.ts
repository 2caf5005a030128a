import type { NoticeItem } from '../../services/contract/notices.ts';

const DIGITS = /^\d{1,18}$/;

/**
 * The screen a notice opens, by its kind: money received its receipt (the transfer's id); a
 * refund the receipt of the refund's line (or the wallet, when it all went back to cashback and
 * no line of the balance shows it); a staff invitation its page by id; a verification its result
 * (a person's check, a company's review); a request for money its page; an announcement its page.
 */
export function noticeTarget(notice: NoticeItem): string {
  switch (notice.kind) {
    case 'transferReceived':
      return `/app/receipt?transferId=${encodeURIComponent(notice.ref)}`;
    case 'paymentRefunded': {
      const transferId = notice.params.transferId;
      return typeof transferId === 'string' && DIGITS.test(transferId) ? `/app/receipt?transferId=${transferId}` : '/app/wallet';
    }
    case 'staffInvitation':
      return `/app/invitation/${encodeURIComponent(notice.ref)}`;
    case 'verificationResult':
      return notice.params.subject === 'enterprise' ? '/app/result' : '/app/personalcert';
    case 'moneyRequested':
    case 'moneyRequestPaid':
    case 'moneyRequestDeclined':
      return `/app/moneyRequest/${encodeURIComponent(notice.ref)}`;
    case 'announcement':
      return `/anouncement/${encodeURIComponent(notice.ref)}`;
  }
}
