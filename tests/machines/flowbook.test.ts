import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { headerOf, loadCatalogue, purposeOf, ROOT } from '../flows/catalogue.ts';
import { transitionCoveringPaths, type FlowModel } from '../support/mbt.ts';
import { models } from '../models/index.ts';
import { leafPaths } from '../flows/page.ts';

/**
 * What the flow book needs of every chart: a header comment (its one-line purpose in the index),
 * and a screen for every state. A state is covered by a screen when a screen test runs the chart's
 * model paths through `runScreenPath` (tests/support/screen-mbt.tsx, which fails on a state value
 * its binding has no UI assertion for) and one of those paths reaches a state value in which that
 * state is active. Those are the paths the book photographs, so a covered state has its picture.
 * A state left by an eventless (`always`) transition is decided within the step that enters it
 * (a snapshot never rests there), so no screen shows it and none is asked for.
 */
const catalogue = await loadCatalogue();
const screenTests = fs.readdirSync(path.join(ROOT, 'tests/screens')).filter((f) => f.endsWith('.tsx')).map((f) => fs.readFileSync(path.join(ROOT, 'tests/screens', f), 'utf8')).join('\n');

function activePaths(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix ? `${prefix}.${value}` : value];
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => [prefix ? `${prefix}.${key}` : key, ...activePaths(child, prefix ? `${prefix}.${key}` : key)]);
}

/** The state nodes (dot paths) the screen-tested paths of a model reach. */
function statesOnScreen(model: FlowModel): Set<string> {
  const reached = new Set<string>();
  for (const p of transitionCoveringPaths(model)) {
    for (const step of p.steps) for (const node of activePaths(step.state.value)) reached.add(node);
  }
  // the initial state of every variant, before any step
  for (const variant of model.variants) {
    const actor = createActor(model.machine, { input: variant.input as never });
    actor.start();
    for (const node of activePaths(actor.getSnapshot().value)) reached.add(node);
    actor.stop();
  }
  return reached;
}

describe('the flow book', () => {
  it('lists every chart of machines/, each loading', () => {
    const files = fs.readdirSync(path.join(ROOT, 'machines')).filter((f) => f.endsWith('.machine.ts'));
    expect(catalogue.map((e) => e.file)).toEqual(files.sort());
    expect(catalogue.filter((e) => e.loadError).map((e) => e.loadError)).toEqual([]);
  });

  it('every chart has a header comment saying what it is for', () => {
    expect(catalogue.filter((e) => !e.purpose).map((e) => e.file)).toEqual([]);
  });

  for (const entry of catalogue.filter((e) => e.chart)) {
    it(`${entry.flow}: every state is shown by a screen (a screen-tested model path reaches it)`, () => {
      const model = models[entry.file];
      expect(model, `tests/models/${entry.flow}.model.ts`).toBeDefined();
      expect(screenTests.includes(`runScreenPath(${entry.flow}Model`), `a screen test running ${entry.flow}Model's paths through runScreenPath`).toBe(true);
      const onScreen = statesOnScreen(model!);
      // a state left by an eventless (`always`) transition is passed through in one step: no one sees it
      const passed = new Set(entry.chart!.transitions.filter((t) => t.kind === 'always').map((t) => t.source));
      const unseen = entry.chart!.states.filter((s) => s.path && s.type !== 'history' && !passed.has(s.id) && !onScreen.has(s.path)).map((s) => s.path);
      expect(unseen).toEqual([]);
    }, 60_000);
  }

  it('the checks can fail: a chart without a header, a state no path reaches', () => {
    expect(purposeOf(headerOf("import { setup } from 'xstate';\n\nexport const xMachine = setup({}).createMachine({});\n"))).toBeNull();
    expect(purposeOf(headerOf("import { setup } from 'xstate';\n\n/**\n * The till. It charges.\n */\nexport const xMachine = 1;"))).toBe('The till.');
    const dynamicCode = catalogue.find((e) => e.flow === 'dynamicCode')!;
    const onlyFirst = { ...models['dynamicCode.machine.ts']!, events: [] };
    const reached = statesOnScreen(onlyFirst);
    expect(reached.has('enteringAmount.typing')).toBe(true);
    expect(dynamicCode.chart!.states.filter((s) => s.path && !reached.has(s.path)).length).toBeGreaterThan(10);
    expect(leafPaths(dynamicCode)).toContain('showing.waiting');
  });

  it('the layout engine and the book stay out of the app: no module of src/, screens/, services/ or machines/ imports them', () => {
    const walk = (dir: string): string[] => fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(`${dir}/${e.name}`) : /\.(ts|tsx)$/.test(e.name) ? [`${dir}/${e.name}`] : []));
    const offenders = ['src', 'screens', 'services', 'machines'].flatMap(walk).filter((file) => /from ['"](elkjs|[./]*tests\/flows)|import\(['"]elkjs/.test(fs.readFileSync(path.join(ROOT, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
