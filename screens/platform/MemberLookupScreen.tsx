import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lookupMembers } from '../../src/flows/review.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { Field } from '../../src/ui/Field.tsx';
import { LoadStatus } from './LoadStatus.tsx';
import { PlatformLink } from '../common/PlatformLink.tsx';
import { SearchPage } from './SearchPage.tsx';
import { MemberFields } from '../common/ReviewDetails.tsx';
import { usePlatformLoad } from './usePlatformLoad.ts';

/** The server looks up by at least three characters (member number, mobile, e-mail or name). */
const QUERY_MIN = 3;

/** `/plateform/members`: find a member and see where their account stands. */
export default function MemberLookupScreen() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [query, setQuery] = useState<string | null>(null);
  const [showTooShort, setShowTooShort] = useState(false);
  const search = () => {
    const wanted = text.trim();
    if (wanted.length < QUERY_MIN) return setShowTooShort(true);
    setShowTooShort(false);
    setQuery(wanted);
  };
  const fields = (
    <Field id="platform-member-query" label={t('platform.members.label')}>
      <input
        id="platform-member-query"
        className="kw-plt-input"
        type="search"
        value={text}
        maxLength={120}
        autoComplete="off"
        aria-describedby="platform-member-hint"
        aria-invalid={showTooShort}
        onChange={(event) => {
          setText(event.target.value);
          setShowTooShort(false);
        }}
      />
      <span id="platform-member-hint" className="kw-hint">{t('platform.members.hint')}</span>
    </Field>
  );
  return (
    <SearchPage titleId="platform-members-title" title={t('platform.members.title')} submit={t('platform.members.search')} onSearch={search} fields={fields}>
      {showTooShort && <FieldError>{t('platform.members.tooShort', { min: QUERY_MIN })}</FieldError>}
      {query && <LookupResults key={query} query={query} />}
    </SearchPage>
  );
}

function LookupResults({ query }: { query: string }) {
  const { t } = useTranslation();
  const { state, send, data } = usePlatformLoad(() => lookupMembers(query));
  if (!data) return <LoadStatus state={state} send={send} />;
  if (data.members.length === 0) return <p className="kw-plt-empty">{t('platform.members.none')}</p>;
  return (
    <ul className="kw-plt-list kw-plt-members" aria-label={t('platform.members.results', { count: data.members.length })}>
      {data.members.map((member) => (
        <li key={member.id} className="kw-plt-card">
          <h2>{member.displayName}</h2>
          <MemberFields member={member} />
          <PlatformLink href={`/plateform/audit?subjectId=${encodeURIComponent(member.id)}`}>{t('platform.members.audit')}</PlatformLink>
        </li>
      ))}
    </ul>
  );
}
