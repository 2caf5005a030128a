import { useTranslation } from 'react-i18next';
import type { CouponTerms } from '../../services/contract/myCoupons.ts';
import { couponOffer, couponValidity } from './promotionFormat.ts';
import { languageOf } from './format.ts';

/**
 * A coupon as the member's pages draw it (my coupons, a store's claim page): its name and merchant,
 * what it takes off, for whom, its validity, and a line the page adds (its state, the stock left).
 */
export function CouponCard({ name, merchant, terms, note, as: Tag = 'div' }: {
  name: string;
  merchant: string;
  terms: CouponTerms;
  note?: string | null;
  as?: 'div' | 'li';
}) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  return (
    <Tag className="kw-fund-line kw-coupon" aria-label={`${name}, ${couponOffer(terms, t, language)}`}>
      <span className="kw-fund-kind">{name}</span>
      <span className="kw-fund-amount kw-fund-income">{couponOffer(terms, t, language)}</span>
      <span className="kw-fund-meta">{[merchant, t(`coupons.targets.${terms.target}`)].join(' · ')}</span>
      <span className="kw-fund-meta">{[couponValidity(terms, t, language), note].filter(Boolean).join(' · ')}</span>
    </Tag>
  );
}
