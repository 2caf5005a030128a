import { useTranslation } from 'react-i18next';
import type { SharedPackage } from '../../services/contract/sharePages.ts';
import { languageOf, money } from '../common/format.ts';
import { formatDate } from '../../src/lib/dates.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { SharedPicture, SharePage } from './SharePage.tsx';

/** `/s/group/:storeId/:id`: a group package as a shared link shows it — content, price against the normal one, expiry, "buy". */
export default function GroupShareScreen({ storeId, id }: { storeId: string; id: string }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  return (
    <>
      <PageHeader title={t('titles.shareGroup')} showBack={false} />
      <SharePage<SharedPackage>
        kind="group"
        ids={{ id, storeId }}
        next={(offer) => ({ path: `/app/grouppackages/buy/${offer.packageId}`, label: t('share.group.buy') })}
      >
        {(offer) => (
          <>
            <SharedPicture src={offer.image} alt={offer.name} />
            <div>
              <h2 className="kw-share-heading">{offer.name}</h2>
              <p className="kw-muted">{t('share.group.at', { store: offer.storeName, address: offer.storeAddress })}</p>
            </div>
            <p className="kw-share-price">
              <strong aria-label={`${t('share.group.price')}: ${money(offer.groupPrice, language)}`}>{money(offer.groupPrice, language)}</strong>
              <s aria-label={`${t('share.group.normal')}: ${money(offer.normalPrice, language)}`}>{money(offer.normalPrice, language)}</s>
            </p>
            <section className="kw-share-section" aria-labelledby="share-content">
              <h2 id="share-content">{t('share.group.content')}</h2>
              <ul>
                {offer.content.map((line, i) => <li key={i}>{line}</li>)}
              </ul>
            </section>
            <ul className="kw-share-facts">
              <li>{t('share.group.until', { date: formatDate(offer.endsAt, language) })}</li>
              <li>{t('share.group.left', { count: offer.left })}</li>
            </ul>
          </>
        )}
      </SharePage>
    </>
  );
}
