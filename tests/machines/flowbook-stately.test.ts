import * as xstate from 'xstate';
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../flows/catalogue.ts';
import { chartOf, signature } from '../flows/chart.ts';
import { recreate, statelySource } from '../flows/stately.ts';

/**
 * The flow book's "copy for Stately" text of every chart, evaluated as the editor would (only
 * `createMachine`, every implementation a stub found by name), has the same states, transitions,
 * guards, actions, delays and invokes as the chart the app runs.
 */
const catalogue = await loadCatalogue();

describe('copy for Stately', () => {
  it('covers every chart in machines/', () => {
    expect(catalogue.length).toBeGreaterThan(30);
    expect(catalogue.filter((e) => !e.machine).map((e) => e.loadError)).toEqual([]);
  });

  for (const entry of catalogue.filter((e) => e.machine)) {
    it(`${entry.flow}: the export re-creates the same chart`, () => {
      const original = chartOf(entry.machine!);
      const source = statelySource(entry.machine!, entry.exportName, entry.purpose ?? '');
      expect(source).toMatch(new RegExp(`^import \\{ createMachine[\\w, ]*\\} from 'xstate';$`, 'm'));
      // self-contained: nothing but xstate is imported
      expect(source.split('\n').filter((l) => l.startsWith('import '))).toHaveLength(1);
      const copy = chartOf(recreate(source, xstate as never, original));
      expect(signature(copy)).toEqual(signature(original));
      expect(copy.guards).toEqual(original.guards);
      expect(copy.actions).toEqual(original.actions);
      expect(copy.actors).toEqual(original.actors);
      expect(copy.delays).toEqual(original.delays);
      expect(copy.events).toEqual(original.events);
    });
  }

  it('notices a chart that differs (the comparison can fail)', () => {
    const entry = catalogue.find((e) => e.flow === 'cashier')!;
    const original = chartOf(entry.machine!);
    const tampered = statelySource(entry.machine!, entry.exportName, '').replace("guard: 'severalStores'", "guard: 'knownStore'");
    expect(tampered).not.toBe(statelySource(entry.machine!, entry.exportName, ''));
    expect(signature(chartOf(recreate(tampered, xstate as never, original)))).not.toEqual(signature(original));
  });
});
