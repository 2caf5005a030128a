import type { TFunction } from 'i18next';

// A store's business days in words, as the store's form and the merchant list show them.

/** "Mon–Fri", "Every day", or the single days: "Mon, Wed, Sat". */
export function daysText(days: readonly number[], t: TFunction): string {
  const sorted = [...days].sort((a, b) => a - b).join(',');
  if (sorted === '1,2,3,4,5,6,7') return t('storeDays.everyDay');
  if (sorted === '1,2,3,4,5') return t('storeDays.weekdays');
  // three or more days in a row read as a span ("Seg–Sáb"), others one by one
  const runs: number[][] = [];
  for (const day of [...days].sort((a, b) => a - b)) {
    const last = runs.at(-1);
    if (last && day === last.at(-1)! + 1) last.push(day);
    else runs.push([day]);
  }
  const short = (d: number) => t(`storeDays.short.${d}`);
  return runs.map((run) => (run.length >= 3 ? `${short(run[0]!)}–${short(run.at(-1)!)}` : run.map(short).join(', '))).join(', ');
}
