import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, type screen as Screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createActor, type AnyStateMachine } from 'xstate';
import { act } from 'react';
import { CustomRangeForm, CustomRangePanel, type DateRangeActor } from '../../screens/common/DateFilter.tsx';
import { fundDetailMachine } from '../../machines/fundDetail.machine.ts';
import { recordsMachine } from '../../machines/records.machine.ts';
import { collectionAnalysisMachine } from '../../machines/collectionAnalysis.machine.ts';
import { LONGEST_RANGE_DAYS } from '../../services/contract/dateRanges.ts';
import { dateRangeMachine, type DateRangeEvent } from '../../machines/dateRange.machine.ts';
import { dateRangeModel, TODAY } from '../models/dateRange.model.ts';
import { parkInvokes, transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';
import { createI18n } from '../../src/i18n.ts';
import { formatDate } from '../../src/lib/dates.ts';
import { dictionary } from '../../locales/dictionary.ts';
const pt = dictionary('pt');
const en = dictionary('en');

type Ui = typeof Screen;
const click = (ui: Ui, name: string | RegExp) => void fireEvent.click(ui.getByRole('button', { name }));
const alerts = (ui: Ui) => ui.queryAllByRole('alert').map((a) => a.textContent).join(' ');

const userEvents: UserEvents<DateRangeEvent> = {
  'custom.fromChanged': (ui, e) => void fireEvent.change(ui.getByLabelText('De'), { target: { value: e.value } }),
  'custom.toChanged': (ui, e) => void fireEvent.change(ui.getByLabelText('Até'), { target: { value: e.value } }),
  'custom.applied': (ui) => click(ui, 'Mostrar'),
  'custom.cancelled': (ui) => click(ui, 'Cancelar'),
};

// the records' words: the one section with every refusal, the year's cap included
const PROBLEMS: Record<string, RegExp> = { incomplete: /as duas datas/, reversed: /depois da final/, future: /depois de hoje/, tooLong: /no máximo um ano/ };

const binding: ScreenBinding<typeof dateRangeMachine> = {
  view: (state, send) => <CustomRangeForm section="records" idPrefix="range" state={state} send={send as (e: DateRangeEvent) => void} />,
  userEvents,
  states: (ui, state) => {
    if (state.status === 'done') return;
    const c = state.context;
    expect((ui.getByLabelText('De') as HTMLInputElement).value).toBe(c.from);
    expect((ui.getByLabelText('Até') as HTMLInputElement).value).toBe(c.to);
    expect(ui.getByLabelText('De').getAttribute('max')).toBe(TODAY);
    // the days shown as pt writes them, never YYYY-MM-DD (the browser's field is under it, unseen)
    expect(ui.getByLabelText('De').getAttribute('aria-describedby')).toBe('range-from-shown');
    expect(document.getElementById('range-from-shown')!.textContent).toBe(c.from ? formatDate(c.from, 'pt') : '—');
    expect(document.getElementById('range-to-shown')!.textContent).toBe(c.to ? formatDate(c.to, 'pt') : '—');
    if (c.from) expect(document.getElementById('range-from-shown')!.textContent).toMatch(/^\d{1,2} [a-z]{3} \d{4}$/);
    const problem = Object.keys(PROBLEMS).find((sub) => state.matches({ editing: sub as 'typing' }));
    if (problem) expect(alerts(ui)).toMatch(PROBLEMS[problem]!);
    else expect(alerts(ui)).toBe('');
  },
};

describe('custom date range chart on its screen', () => {
  const paths = transitionCoveringPaths(dateRangeModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(dateRangeModel, path, binding);
  });
});

describe('a list’s custom range panel', () => {
  it('draws the child it is given, sends it what is typed, and draws nothing once it ended', () => {
    const actor = createActor(dateRangeMachine, { input: { today: TODAY, from: TODAY, to: TODAY, maxDays: null } }).start();
    const i18n = createI18n('en', { en, pt });
    const { rerender } = render(<I18nextProvider i18n={i18n}><CustomRangePanel actor={actor} section="fundDetail" idPrefix="fund" /></I18nextProvider>);
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-20' } });
    act(() => click(screen, 'Show'));
    // a range ending after today is refused, in the person's language
    expect(alerts(screen)).toMatch(/after today/);
    fireEvent.change(screen.getByLabelText('To'), { target: { value: TODAY } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    act(() => click(screen, 'Show'));
    expect(actor.getSnapshot().output).toEqual({ from: '2026-03-01', to: TODAY });
    rerender(<I18nextProvider i18n={i18n}><CustomRangePanel actor={undefined} section="fundDetail" idPrefix="fund" /></I18nextProvider>);
    expect(screen.queryByLabelText('From')).toBeNull();
  });
});

describe('the cap a list gives its custom range', () => {
  it('is its server’s: none for the wallet’s fund detail, a year and a day for the settlement’s, the records’ and the analysis’', () => {
    const capOf = (machine: AnyStateMachine, input: object) => {
      const actor = createActor(parkInvokes(machine, ['loadPage', 'loadAnalysis', 'exportCsv']), { input: { today: TODAY, ...input } }).start();
      actor.send({ type: 'custom.opened' });
      const cap = (actor.getSnapshot().children.dateRange as DateRangeActor).getSnapshot().context.maxDays;
      actor.stop();
      return cap;
    };
    expect(capOf(fundDetailMachine, {})).toBeNull();
    expect(capOf(fundDetailMachine, { maxDays: LONGEST_RANGE_DAYS })).toBe(366);
    expect(capOf(recordsMachine, {})).toBe(366);
    expect(capOf(collectionAnalysisMachine, {})).toBe(366);
  });
});
