import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { headerOf, loadCatalogue, purposeOf, ROOT } from '../flows/catalogue.ts';
import { transitionCoveringPaths, type FlowModel } from '../support/mbt.ts';
import { models } from '../models/index.ts';
import { leafPaths, type Shot } from '../flows/page.ts';
import { captionsOf, localeText } from '../flows/captions.ts';
import { FRAMES } from '../flows/harness/frames.ts';
import { ACCEPTS, ACTORS, CHILDREN, DELAYS, GUARDS } from '../flows/words.ts';
import { ROUTES } from '../../services/routeTable.ts';

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
    expect(reached.has('enteringAmount')).toBe(true);
    expect(dynamicCode.chart!.states.filter((s) => s.path && !reached.has(s.path)).length).toBeGreaterThan(6);
    expect(leafPaths(dynamicCode)).toContain('showing.waiting');
  });

  it('every chart is photographed in a page of the app that shows it, with the header its screen draws', () => {
    const byFlow = new Map(catalogue.map((e) => [e.flow, e]));
    const ancestors = (flow: string, seen = new Set<string>()): Set<string> => {
      for (const parent of byFlow.get(flow)?.parents ?? []) if (!seen.has(parent)) ancestors(parent, seen.add(parent));
      return seen;
    };
    expect(Object.keys(FRAMES).sort()).toEqual(catalogue.map((e) => e.flow).sort());
    for (const [flow, frame] of Object.entries(FRAMES)) {
      for (const where of frame.routes ?? []) {
        const route = ROUTES.find((r) => r.path === where);
        expect(route, `${flow}: ${where} in services/routeTable.ts`).toBeDefined();
        const folder = route!.screen.split('/')[0]!;
        const folderSource = fs.readdirSync(path.join(ROOT, 'screens', folder)).map((f) => fs.readFileSync(path.join(ROOT, 'screens', folder, f), 'utf8')).join('\n');
        // its own screen, a screen of a chart that shows it inside its own, or one that mounts its view
        const shows = folder === flow || ancestors(flow).has(folder) || byFlow.get(flow)!.screens.some((f) => folderSource.includes(f.startsWith('screens/common/') ? path.basename(f, '.tsx') : `/${flow}/`));
        expect(shows, `${flow}: the screen of ${where} (screens/${route!.screen}.tsx) shows it`).toBe(true);
        if (route!.access === 'operator') continue; // the platform's shell draws the header (PlatformTop)
        const screen = fs.readFileSync(path.join(ROOT, 'screens', `${route!.screen}.tsx`), 'utf8');
        const titled = screen.includes(`'${route!.title}'`) || screen.includes(`"${route!.title}"`) || (route!.title === `titles.${route!.props?.slug}` && screen.includes('`titles.${slug}`'));
        // the header by hand, or through screens/common/FlowPage.tsx (Page, FlowPage, ListPage draw PageHeader with their title)
        const header = screen.includes('<PageHeader') || /<(Page|FlowPage|ListPage)\b/.test(screen);
        expect(header && titled, `${flow}: screens/${route!.screen}.tsx draws PageHeader with ${route!.title}`).toBe(true);
        expect(screen.includes('showBack={false}'), `${flow}: the back control as ${route!.screen} draws it`).toBe(!!frame.noBack);
      }
    }
  });

  it('every condition, child chart and timer of every chart has plain words (tests/flows/words.ts, or the refusal\'s own text)', () => {
    const lacking: string[] = [];
    for (const entry of catalogue.filter((e) => e.chart)) {
      const actors = (entry.machine!.implementations.actors ?? {}) as Record<string, unknown>;
      for (const t of entry.chart!.transitions) {
        for (const guard of (t.guard ?? '').split(/ && | \|\| /).filter(Boolean).map((g) => g.replace(/^!/, ''))) {
          const [, name, params] = /^([^(]+)(?:\((.*)\))?$/.exec(guard)!;
          if (name === 'refusedWith' && !GUARDS[guard]) {
            for (const language of ['pt', 'en'] as const) if (!localeText(language, `errors.${params}`)) lacking.push(`${entry.flow}: errors.${params} (${language})`);
          } else if (!ACCEPTS.has(name!) && !name!.startsWith('in(') && !GUARDS[`${entry.flow}:${name}`] && !GUARDS[guard] && !GUARDS[name!]) lacking.push(`${entry.flow}: guard ${name}`);
        }
        if (t.kind === 'done' || t.kind === 'error') {
          const id = t.event.replace(/^xstate\.(done|error)\.actor\./, '');
          const src = entry.chart!.states.find((s) => s.id === t.source)?.invokes.find((i) => i.id === id)?.src ?? id;
          const impl = actors[src];
          if (impl && typeof impl === 'object' && 'root' in impl && !CHILDREN[id] && !CHILDREN[src]) lacking.push(`${entry.flow}: child chart ${id}`);
        }
      }
      for (const delay of entry.chart!.delays) {
        const value = (entry.machine!.implementations.delays as Record<string, unknown> | undefined)?.[delay];
        if (typeof value !== 'number' && !Number.isFinite(Number(delay)) && !DELAYS[delay]) lacking.push(`${entry.flow}: delay ${delay}`);
      }
    }
    expect(ACTORS.startCamera).toBeDefined();
    expect(lacking).toEqual([]);
  });

  it('the plain words: a state is what its screen says of its own, a transition what the person or the server does', () => {
    const cashier = catalogue.find((e) => e.flow === 'cashier')!;
    const shot = (state: string, language: 'pt' | 'en', screen: Partial<NonNullable<Shot['screen']>>, controls: Shot['controls'] = []): Shot => ({
      state: JSON.stringify(state), active: [state], language, file: '', path: '', width: 390, height: 844, start: '"loadingStores"', steps: [], controls,
      screen: { title: 'Cashier', heading: null, messages: [], buttons: [], ...screen },
    });
    const words = captionsOf(cashier, [
      shot('loadingStores', 'en', { messages: [{ text: 'Loading…', tone: 'status' }] }),
      shot('storesFailed', 'en', { messages: [{ text: 'We could not load your stores.', tone: 'alert' }], buttons: ['Try again'] }, [{ event: 'stores.retry', label: 'Try again', how: 'press' }]),
      shot('storesFailed', 'pt', { messages: [{ text: 'Não foi possível carregar as suas lojas.', tone: 'alert' }] }, [{ event: 'stores.retry', label: 'Tentar novamente', how: 'press' }]),
      shot('choosingMode', 'en', { heading: 'How do you want to collect?' }),
    ]);
    const state = (key: string) => words.states.get(cashier.chart!.states.find((s) => s.key === key)!.id)!;
    const transition = (source: string, event: string, guard: string | null = null) => words.transitions.get(cashier.chart!.transitions.find((t) => t.source === `cashier.${source}` && t.event === event && t.guard === guard)!)!;
    expect(state('storesFailed')).toEqual({ en: 'We could not load your stores.', pt: 'Não foi possível carregar as suas lojas.' });
    expect(state('choosingMode').en).toBe('How do you want to collect?');
    expect(transition('storesFailed', 'stores.retry')).toEqual({ en: 'presses «Try again»', pt: 'carrega em «Tentar novamente»' });
    // the answers its call announces (`loadStores.ok`, `loadStores.refused.<CODE>`, `loadStores.refused.*`)
    expect(transition('loadingStores', 'loadStores.refused.MCH10003').en).toBe('the server refuses: «Open a collection account first.»');
    expect(transition('loadingStores', 'loadStores.ok', 'storeGiven').pt).toBe('o servidor aceita: uma só loja, ou a do endereço');
    expect(transition('loadingStores', 'loadStores.refused.*').en).toBe('the server gives another answer');
    expect(transition('loadingStores', 'xstate.error.actor.loadStores').en).toBe('no answer from the server');
    expect(transition('choosingMode', 'store.change', 'severalStores').en).toBe('store change, if there are several stores'); // no picture tried it: its name, read as words
    expect(words.missing).toContain('event store.change');
    expect(transition('dynamic', 'xstate.done.actor.dynamicCode').en).toBe('charging with a code ends');
  });

  it('the layout engine and the book stay out of the app: no module of src/, screens/, services/ or machines/ imports them', () => {
    const walk = (dir: string): string[] => fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(`${dir}/${e.name}`) : /\.(ts|tsx)$/.test(e.name) ? [`${dir}/${e.name}`] : []));
    const offenders = ['src', 'screens', 'services', 'machines'].flatMap(walk).filter((file) => /from ['"](elkjs|[./]*tests\/flows)|import\(['"]elkjs/.test(fs.readFileSync(path.join(ROOT, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
