import type { TFunction } from 'i18next';
import { SHARE_CODES } from '../../../services/contract/answerCodes.ts';
import { sharedKey, type SharedKind } from '../../../services/routeTable.ts';
import { couponOffer } from '../../../screens/common/promotionFormat.ts';
import { daysText } from '../../../screens/common/storeDays.ts';
import { formatKwanza } from '../../../src/lib/money.ts';
import type { Queryable } from '../../db/index.ts';
import { DomainError } from '../../errors.ts';
import { errorMessage, messageText, type Language } from '../../i18n.ts';
import { sharedCoupon, sharedPackage, sharedStore } from '../../entities/sharePages.ts';
import type { ReadShared, SharedRead } from '../../ssr.ts';

/**
 * What the server renders a share page with (server/ssr.ts): the same read as the page's own call
 * (server/entities/sharePages.ts), embedded under the key the page's chart asks for
 * (src/flows/sharePages.ts), and the link preview's words in the page's language — the store's
 * address and hours, the package's price against the normal one, the coupon's offer — with the
 * picture's absolute address.
 */
export function readShared(db: Queryable, publicUrl: string): ReadShared {
  return async (kind: SharedKind, params: Record<string, string>, language: Language): Promise<SharedRead> => {
    const t = ((key: string, vars?: Record<string, unknown>) => messageText(language, key, Object.fromEntries(Object.entries(vars ?? {}).map(([k, v]) => [k, String(v)])))) as unknown as TFunction;
    const kz = (cents: number) => formatKwanza(cents, language);
    const key = sharedKey(kind, { id: params.id!, storeId: params.storeId });
    try {
      if (kind === 'store') {
        const store = await sharedStore(db, params.id!);
        const hours = messageText(language, 'share.store.hours', { days: daysText(store.businessDays, t), opens: store.opensAt, closes: store.closesAt });
        return { key, outcome: { ok: true, data: store }, preview: { title: store.name, description: store.description || messageText(language, 'messages.share.storeDescription', { address: store.address, hours }), image: `${publicUrl}${store.image}` } };
      }
      if (kind === 'group') {
        const found = await sharedPackage(db, params.storeId!, params.id!);
        const description = messageText(language, 'messages.share.groupDescription', { price: kz(found.groupPrice), normal: kz(found.normalPrice), store: found.storeName });
        return { key, outcome: { ok: true, data: found }, preview: { title: found.name, description, image: `${publicUrl}${found.image}` } };
      }
      const coupon = await sharedCoupon(db, params.id!);
      const description = messageText(language, 'messages.share.couponDescription', { merchant: coupon.merchantName, offer: couponOffer(coupon, t, language) });
      return { key, outcome: { ok: true, data: coupon }, preview: { title: coupon.name, description, image: `${publicUrl}${coupon.image}` } };
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== SHARE_CODES.shareExpired) throw error;
      return { key, outcome: { ok: false, code: error.code, message: errorMessage(language, error.code), detail: '' } };
    }
  };
}
