import { useTranslation } from 'react-i18next';
import type { LotteryActivity, LotteryPrize } from '../../services/contract/lottery.ts';
import { TICKET_RANGE } from '../../services/lotteryDraw.ts';
import { INTL_LOCALE, type Language } from '../../src/lib/language.ts';
import { Summary } from '../../src/ui/Summary.tsx';
import { languageOf, lineTime, money } from './format.ts';

/**
 * What the lottery pages show alike: an activity's facts (its dates, how draws are earned, the
 * regulator's authorisation, the seed's commitment and, once revealed, the seed) and its prize table.
 */

/** The tickets each prize line takes, in table order: [from, to), from 0; tickets past the last line give nothing. */
export function prizeRanges(prizes: readonly Pick<LotteryPrize, 'oddsPpm'>[]): { from: number; to: number }[] {
  let from = 0;
  return prizes.map((line) => {
    const range = { from, to: from + line.oddsPpm };
    from = range.to;
    return range;
  });
}

/** A whole number as the reader's language groups it (`299 999`, `299,999`), spaced as amounts are. */
export const count = (n: number, language: Language) => new Intl.NumberFormat(INTL_LOCALE[language]).format(n).replace(/\u00a0|\u202f/g, ' ');
/** A draw's chance, parts per million as a percentage in the reader's language. */
const percent = (ppm: number, language: Language) =>
  new Intl.NumberFormat(INTL_LOCALE[language], { style: 'percent', maximumFractionDigits: 4 }).format(ppm / 1_000_000).replace(/\u00a0|\u202f/g, ' ');

export function ActivityFacts({ activity }: { activity: LotteryActivity }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  return (
    <Summary
      rows={[
        [t('lottery.facts.dates'), t('lottery.facts.from', { start: lineTime(activity.startsAt, language), end: lineTime(activity.endsAt, language) })],
        [t('lottery.facts.entry'), t(`lottery.facts.earn.${activity.entry}`, { threshold: money(activity.threshold, language), count: activity.drawsPerEntry })],
        [t('lottery.facts.authorisation'), activity.regulatorReference],
        [t('lottery.facts.commitment'), <p key="c" className="kw-lottery-hex">{activity.seedCommitment}</p>],
        [t('lottery.facts.seed'), activity.seed ? <p key="s" className="kw-lottery-hex">{activity.seed}</p> : t('lottery.facts.seedHidden', { end: lineTime(activity.endsAt, language) })],
      ]}
    />
  );
}

/** The prize table: each line's prize, cashback, prizes left of its quantity and chance; with `ranges`, the tickets it takes. */
export function PrizeTable({ prizes, ranges = false }: { prizes: readonly LotteryPrize[]; ranges?: boolean }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const spans = prizeRanges(prizes);
  return (
    <table className="kw-lottery-prizes">
      <caption className="kw-muted-text">{t('lottery.prizes.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('lottery.prizes.prize')}</th>
          <th scope="col">{t('lottery.prizes.amount')}</th>
          <th scope="col">{t('lottery.prizes.left')}</th>
          <th scope="col">{ranges ? t('lottery.prizes.tickets') : t('lottery.prizes.odds')}</th>
        </tr>
      </thead>
      <tbody>
        {prizes.map((line, index) => (
          <tr key={line.id}>
            <th scope="row">{line.name}</th>
            <td>{money(line.amount, language)}</td>
            <td>{t('lottery.prizes.leftOf', { left: count(line.left, language), quantity: count(line.quantity, language) })}</td>
            <td>{ranges ? t('lottery.prizes.range', { from: count(spans[index]!.from, language), to: count(spans[index]!.to - 1, language) }) : percent(line.oddsPpm, language)}</td>
          </tr>
        ))}
      </tbody>
      {ranges && (spans.at(-1)?.to ?? 0) < TICKET_RANGE && (
        <tfoot>
          <tr>
            <td colSpan={4}>{t('lottery.prizes.noPrizeRange', { from: count(spans.at(-1)?.to ?? 0, language), to: count(TICKET_RANGE - 1, language) })}</td>
          </tr>
        </tfoot>
      )}
    </table>
  );
}
