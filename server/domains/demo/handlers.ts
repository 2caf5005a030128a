import { CODES } from '../../../services/contract/answerCodes.ts';
import { DomainError } from '../../errors.ts';
import type { FlowHandlers, Handler } from '../../handler.ts';
import { DEMO_ACCOUNTS, DEMO_OPERATOR, REGISTRY_PEOPLE } from '../../db/seed.ts';
import { SIM_TEST_CARDS } from '../../adapters/bankSimulator.ts';

/** A login as a person types it: the 9 digits of a mobile number, else as it is. */
const typed = (login: string) => login.replace(/^\+244/, '');

/**
 * The guided demo's data (`/demo`): the seeded demo accounts and operator, the identity registry
 * simulator's people and the simulated bank's debit cards of the demo people. Only a server outside
 * production mode answers (as its dev pages: server/transport/devPages.ts); a production one has
 * nothing to show and refuses (CNT40401).
 */
const guide: Handler<'common/demo/guide'> = async (_input, ctx) => {
  if (ctx.config.production) throw new DomainError(CODES.notFound, 404);
  // a person's cards by their mobile, the company's by its registered name
  const demoPeople = new Set<string>(DEMO_ACCOUNTS.flatMap((account) => [account.login, account.displayName]));
  const simulator = ctx.adapters.bank.name === 'simulator';
  return {
    accounts: [
      ...DEMO_ACCOUNTS.map((account) => ({
        kind: account.memberType === 'enterprise' ? ('merchant' as const) : ('member' as const),
        name: account.displayName,
        login: typed(account.login),
        password: account.password,
      })),
      ...(ctx.config.oidc.builtIn ? [{ kind: 'operator' as const, name: DEMO_OPERATOR.name, login: DEMO_OPERATOR.username, password: DEMO_OPERATOR.password }] : []),
    ],
    identities: REGISTRY_PEOPLE.map((person) => ({ nif: person.nif, fullName: person.fullName })),
    // the demo people's debit cards the simulated bank accepts (a credit card is refused for binding)
    cards: simulator
      ? SIM_TEST_CARDS.filter((card) => (demoPeople.has(card.holderMobile) || demoPeople.has(card.holderName)) && !card.note.includes('credit'))
        .map((card) => ({ cardNo: card.cardNo, holder: card.holderName, mobile: typed(card.holderMobile), note: card.note }))
      : [],
    outboxUrl: '/dev/outbox',
  };
};

export const demoHandlers = {
  'common/demo/guide': guide,
} satisfies FlowHandlers<'demo'>;
