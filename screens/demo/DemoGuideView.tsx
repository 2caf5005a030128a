import { useTranslation } from 'react-i18next';
import type { DemoAccount, DemoGuide } from '../../services/contract/demo.ts';
import { LinkButton } from '../../src/ui/LinkButton.tsx';

/** A step of the walk: its words (`demo.steps.<key>`) and the real screens it opens. */
const STEPS: ReadonlyArray<{ key: string; links: ReadonlyArray<{ href: string; title: string }> }> = [
  { key: 'signIn', links: [{ href: '/app/login', title: 'titles.login' }] },
  { key: 'verify', links: [{ href: '/app/personalcert', title: 'titles.personalVerification' }, { href: '/app/paypassword', title: 'titles.payPassword' }] },
  { key: 'card', links: [{ href: '/app/cards/bind', title: 'titles.bindCard' }] },
  { key: 'topUp', links: [{ href: '/app/topup', title: 'titles.topup' }, { href: '/app/funddetail', title: 'titles.fundDetail' }] },
  { key: 'transfer', links: [{ href: '/app/transfer', title: 'titles.transfer' }] },
  { key: 'merchant', links: [{ href: '/app/open', title: 'titles.merchantOpening' }, { href: '/app/merchantlist', title: 'titles.merchantList' }, { href: '/app/cashier', title: 'titles.cashier' }] },
  { key: 'pay', links: [{ href: '/app/scan', title: 'titles.scanToPay' }, { href: '/app/paymentcode', title: 'titles.paymentCode' }] },
  { key: 'lottery', links: [{ href: '/hfive/tlevaactivity', title: 'titles.tlevaactivity' }, { href: '/app/luckyApp', title: 'titles.luckyApp' }, { href: '/app/luckyList', title: 'titles.luckyList' }] },
  { key: 'operator', links: [{ href: '/plateform', title: 'titles.platform' }] },
  { key: 'help', links: [{ href: '/app/activeguide', title: 'titles.activeguide' }, { href: '/app/video/top-up', title: 'titles.video' }, { href: '/app/helpdoc', title: 'titles.helpdoc' }] },
];

/**
 * The guided demo: the demo accounts with their passwords, the test data the simulators know (B.I.
 * numbers, debit cards, the outbox with the SMS codes), then the walk through the app's flows, each
 * step opening the real screen.
 */
export function DemoGuideView({ guide }: { guide: DemoGuide }) {
  const { t } = useTranslation();
  const first = (kind: DemoAccount['kind'], nth = 0) => guide.accounts.filter((account) => account.kind === kind)[nth];
  const people = { member: first('member'), payee: first('member', 1), merchant: first('merchant'), operator: first('operator') };
  const values = {
    member: people.member?.login ?? '—', payee: people.payee?.login ?? '—', merchant: people.merchant?.login ?? '—', operator: people.operator?.login ?? '—',
    nif: guide.identities[0]?.nif ?? '—', card: guide.cards[0]?.cardNo ?? '—',
  };
  return (
    <div className="kw-form">
      <p>{t('demo.intro')}</p>
      <section>
        <h2>{t('demo.accounts.heading')}</h2>
        <table className="kw-demo-table">
          <thead>
            <tr>
              <th scope="col">{t('demo.accounts.who')}</th>
              <th scope="col">{t('demo.accounts.login')}</th>
              <th scope="col">{t('demo.accounts.password')}</th>
            </tr>
          </thead>
          <tbody>
            {guide.accounts.map((account) => (
              <tr key={account.login}>
                <th scope="row">{account.name}<br /><span className="kw-muted">{t(`demo.accounts.kind.${account.kind}`)}</span></th>
                <td><code>{account.login}</code></td>
                <td><code>{account.password}</code></td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="kw-muted-text">{t('demo.accounts.switch')}</p>
      </section>
      <section>
        <h2>{t('demo.data.heading')}</h2>
        <h3>{t('demo.data.identities')}</h3>
        <ul className="kw-demo-list">
          {guide.identities.map((person) => <li key={person.nif}><code>{person.nif}</code> · {person.fullName}</li>)}
        </ul>
        {guide.cards.length > 0 && (
          <>
            <h3>{t('demo.data.cards')}</h3>
            <ul className="kw-demo-list">
              {guide.cards.map((card) => <li key={card.cardNo}><code>{card.cardNo}</code> · {card.holder} · {card.mobile}<br /><span className="kw-muted">{card.note}</span></li>)}
            </ul>
          </>
        )}
        <p>{t('demo.data.outbox')} <a href={guide.outboxUrl} target="_blank" rel="noopener">{t('demo.data.openOutbox')}</a></p>
      </section>
      <section>
        <h2>{t('demo.steps.heading')}</h2>
        <ol className="kw-demo-steps">
          {STEPS.map((step) => (
            <li key={step.key}>
              <h3>{t(`demo.steps.${step.key}.title`)}</h3>
              <p>{t(`demo.steps.${step.key}.text`, values)}</p>
              <p className="kw-demo-links">
                {step.links.map((link) => <LinkButton key={link.href} href={link.href} block={false}>{t(link.title)}</LinkButton>)}
              </p>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
