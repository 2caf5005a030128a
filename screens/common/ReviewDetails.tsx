import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '../../services/contract/define.ts';
import type { EnterpriseDocumentSlot } from '../../services/contract/enterpriseVerification.ts';
import type { MemberSummary, rebindingDetail, verificationDetail } from '../../services/contract/platform.ts';
import { DocumentPreview } from './DocumentPreview.tsx';
import { usePlatformFormat } from './platformFormat.ts';
import { dayInSentence, timeInSentence } from '../../src/lib/dates.ts';

export type VerificationDetail = ResponseOf<typeof verificationDetail>;
export type RebindingDetail = ResponseOf<typeof rebindingDetail>;

/** The seven documents in the form's order (the contract's list, kept here so no schema code ships). */
const SLOTS = [
  'businessLicence', 'registrationCertificate', 'legalPersonIdFront', 'legalPersonIdBack', 'signerIdFront', 'signerIdBack', 'companyNifPhoto',
] as const satisfies readonly EnterpriseDocumentSlot[];

type Field = [label: string, value: React.ReactNode];

function Fields({ fields }: { fields: Field[] }) {
  return (
    <dl className="kw-plt-fields">
      {fields.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value === '' || value === null || value === undefined ? '—' : value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Card({ title, children, wide }: { title: string; children: React.ReactNode; wide?: boolean }) {
  return (
    <section className={`kw-plt-card${wide ? ' kw-plt-wide' : ''}`}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

export function MemberFields({ member }: { member: MemberSummary }) {
  const { t } = useTranslation();
  const format = usePlatformFormat();
  return (
    <Fields
      fields={[
        [t('platform.fields.displayName'), member.displayName],
        [t('platform.fields.memberId'), member.id],
        [t('platform.fields.memberType'), t(`platform.memberType.${member.memberType}`)],
        [t('platform.fields.mobile'), format.mobile(member.mobile)],
        [t('platform.fields.email'), member.email],
        [t('platform.fields.memberStatus'), t(`platform.memberStatus.${member.status}`, { defaultValue: member.status })],
        [t('platform.fields.verificationStatus'), t(`platform.verificationStatus.${member.verificationStatus}`)],
        [t('platform.fields.accountLevel'), t(`platform.accountLevel.${member.accountLevel}`)],
        [t('platform.fields.createdAt'), format.dateTime(member.createdAt)],
      ]}
    />
  );
}

/** Everything a reviewer reads about an enterprise verification, documents and earlier requests included. */
export function VerificationDetails({ detail }: { detail: VerificationDetail }) {
  const { t } = useTranslation();
  const format = usePlatformFormat();
  const { company, legalPerson, signer, basicInfo } = detail.form;
  const documents = [...detail.documents].sort((a, b) => SLOTS.indexOf(a.slot) - SLOTS.indexOf(b.slot));
  const history = detail.history.filter((h) => h.id !== detail.id);
  return (
    <div className="kw-plt-sections">
      <Card title={t('review.company')}>
        <Fields
          fields={[
            [t('platform.fields.companyName'), company.name],
            [t('platform.fields.shortName'), company.shortName],
            [t('platform.fields.companyNif'), company.nif],
            [t('platform.fields.licenceNumber'), company.licenceNumber],
            [t('platform.fields.validity'), company.validity.kind === 'longTerm' ? t('platform.fields.longTerm') : t('platform.fields.validUntil', { date: dayInSentence(company.validity.date) })],
            [t('platform.fields.registrationNumber'), company.registrationNumber],
          ]}
        />
      </Card>
      <Card title={t('review.legalPerson')}>
        <Fields
          fields={[
            [t('platform.fields.name'), `${legalPerson.name} ${legalPerson.surname}`],
            [t('platform.fields.cardNumber'), legalPerson.cardNumber],
            [t('platform.fields.taxNumber'), legalPerson.taxNumber],
          ]}
        />
      </Card>
      <Card title={t('review.signer')}>
        <Fields
          fields={[
            [t('platform.fields.name'), signer.name],
            [t('platform.fields.cardNumber'), signer.cardNumber],
            [t('platform.fields.taxNumber'), signer.taxNumber],
          ]}
        />
      </Card>
      <Card title={t('review.basicInfo')}>
        <Fields
          fields={[
            [t('platform.fields.phone'), format.mobile(basicInfo.phone)],
            [t('platform.fields.email'), basicInfo.email],
            [t('platform.fields.address'), basicInfo.address],
            [t('platform.fields.areaOfBusiness'), basicInfo.areaOfBusiness],
            [t('platform.fields.province'), detail.provinceName],
            [t('platform.fields.city'), basicInfo.city],
            [t('platform.fields.gender'), t(`platform.gender.${basicInfo.gender}`)],
            [t('platform.fields.birthday'), format.day(basicInfo.birthday)],
            [t('platform.fields.personalNif'), basicInfo.personalNif],
          ]}
        />
      </Card>
      <Card title={t('review.documents')} wide>
        <ul className="kw-plt-docs">
          {documents.map((document) => (
            <li key={document.fileId}>
              <DocumentPreview document={document} label={t(`platform.slots.${document.slot}`)} />
            </li>
          ))}
        </ul>
      </Card>
      <Card title={t('review.history')}>
        {history.length === 0 ? (
          <p className="kw-plt-meta">{t('review.noHistory')}</p>
        ) : (
          <ol className="kw-plt-history">
            {history.map((h) => (
              <li key={h.id}>
                <span className={`kw-plt-badge kw-plt-badge-${h.status}`}>{t(`platform.status.${h.status}`)}</span>{' '}
                <span className="kw-plt-meta">
                  {t('platform.queue.submitted', { date: timeInSentence(h.submittedAt) })}
                  {h.decidedAt ? ` · ${t('platform.queue.decided', { date: timeInSentence(h.decidedAt), name: h.decidedBy ?? '—' })}` : ''}
                </span>
                {h.reason && <p className="kw-plt-reason">{t('review.reasonWas', { reason: h.reason })}</p>}
              </li>
            ))}
          </ol>
        )}
      </Card>
      <Card title={t('review.member')}>
        <MemberFields member={detail.member} />
      </Card>
    </div>
  );
}

/** What a reviewer reads about a rebinding without the old number: both numbers, the member, the ID photos. */
export function RebindingDetails({ detail }: { detail: RebindingDetail }) {
  const { t } = useTranslation();
  const format = usePlatformFormat();
  return (
    <div className="kw-plt-sections">
      <Card title={t('review.request')}>
        <Fields
          fields={[
            [t('platform.fields.oldMobile'), detail.oldMobile ? format.mobile(detail.oldMobile) : t('review.noOldMobile')],
            [t('platform.fields.newMobile'), format.mobile(detail.newMobile)],
            [t('platform.fields.submittedAt'), format.dateTime(detail.submittedAt)],
          ]}
        />
      </Card>
      <Card title={t('review.member')}>
        <MemberFields member={detail.member} />
      </Card>
      <Card title={t('review.photos')} wide>
        {detail.documents.length === 0 ? (
          <p className="kw-plt-meta">{t('review.noDocuments')}</p>
        ) : (
          <ul className="kw-plt-docs">
            {detail.documents.map((document, i) => (
              <li key={document.fileId}>
                <DocumentPreview document={document} label={t('review.photo', { n: i + 1 })} />
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
