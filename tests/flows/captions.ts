/**
 * A chart in plain words, in Portuguese and English, for the flow book's reader who is no developer:
 * each state captioned with what its screen says, each transition with what happens ("presses «Try
 * again»", "the server refuses: «Open a collection account first.»", "after 2 s"). Nothing here is
 * written per chart: the states' words are read from the screens as they were photographed (the
 * words a state's screens show and its siblings' do not: a message, the heading, a button), a
 * person's event is the label of the control that sends it (each control was tried), a refusal is
 * the app's own `errors.*` text, and what is left comes from words.ts. So the captions follow the
 * screens and the charts as they change. A chart that writes a `description` on a state or a
 * transition (which Stately shows too) is taken at its word.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ROUTES } from '../../services/routeTable.ts';
import { ROOT, type FlowEntry } from './catalogue.ts';
import type { ChartState, ChartTransition } from './chart.ts';
import type { Shot } from './page.ts';
import { ACCEPTS, ACTORS, CHART_NAMES, CHILDREN, DELAYS, EVENTS, GUARDS, HOW, SAY, asWords, type Phrase } from './words.ts';
import { dictionary, type Dictionary } from '../../locales/dictionary.ts';

export type Language = keyof Phrase;
export const LANGUAGES: Language[] = ['pt', 'en'];

const dictionaries: Record<Language, Dictionary> = { pt: dictionary('pt'), en: dictionary('en') };

/** A text of the app's dictionaries (`errors.MCH10003`), its `{{placeholders}}` as "…"; null when there is none. */
export function localeText(language: Language, key: string): string | null {
  let node: unknown = dictionaries[language];
  for (const part of key.split('.')) node = node && typeof node === 'object' ? (node as Dictionary)[part] : undefined;
  return typeof node === 'string' ? node.replace(/\{\{[^}]*\}\}/g, '…') : null;
}

const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
const both = (make: (language: Language) => string): Phrase => ({ pt: make('pt'), en: make('en') });
export const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The dot paths of every state node active in a state value (JSON, as a shot has it). */
export function activeOf(json: string): string[] {
  const walk = (value: unknown, prefix: string): string[] => {
    if (typeof value === 'string') return [prefix ? `${prefix}.${value}` : value];
    if (!value || typeof value !== 'object') return [];
    return Object.entries(value).flatMap(([key, child]) => {
      const here = prefix ? `${prefix}.${key}` : key;
      return [here, ...walk(child, here)];
    });
  };
  try {
    return walk(JSON.parse(json), '');
  } catch {
    return [];
  }
}

export interface Captions {
  /** The chart's name for a person: the title of its page, or what a child chart does. */
  title: Phrase;
  /** Each state's caption, by state id. */
  states: Map<string, Phrase>;
  /** Each transition's caption. */
  transitions: Map<ChartTransition, Phrase>;
  /** A step of a model path (the state value it left, its event, the value it reached) in words. */
  step(language: Language, from: string | null, event: string, to: string): string;
  /** Names no table has words for, read as their words. */
  missing: string[];
}

/** The chart's own route title, else its name in words.ts. */
export function chartTitle(flow: string): Phrase {
  if (CHART_NAMES[flow]) return CHART_NAMES[flow]!;
  const route = ROUTES.find((r) => r.screen.startsWith(`${flow}/`));
  const title = route && localeText('en', route.title) ? both((l) => localeText(l, route.title)!) : null;
  return title ?? both(() => capitalised(asWords(flow)));
}

const formatDelay = (ms: number, language: Language) =>
  ms >= 60_000 && ms % 60_000 === 0 ? fill(SAY.minutes[language], { n: String(ms / 60_000) }) : fill(SAY.seconds[language], { n: String(ms / 1000).replace('.', language === 'pt' ? ',' : '.') });

export function captionsOf(entry: FlowEntry, shots: Shot[]): Captions {
  const chart = entry.chart!;
  const missing = new Set<string>();
  const byId = new Map(chart.states.map((s) => [s.id, s]));
  const pathOf = (id: string) => byId.get(id)?.path ?? '';
  const shotsIn = (language: Language) => shots.filter((s) => s.language === language);
  const activeIn = (shot: Shot, statePath: string) => statePath === '' || shot.active.includes(statePath);
  const implementations = (entry.machine?.implementations ?? {}) as { actors?: Record<string, unknown>; delays?: Record<string, unknown> };

  // --- states: the words that tell this state's screens from the others'
  // a screen's words, the messages first, then its heading, then its buttons (shown as «…»)
  const textsOf = (shot: Shot) => [...(shot.screen?.messages.map((m) => m.text) ?? []), ...(shot.screen?.heading ? [shot.screen.heading] : []), ...(shot.screen?.buttons ?? []).map((b) => `\u0000${b}`)];
  const shown = (text: string, language: Language) => (text.startsWith('\u0000') ? fill(SAY.shows[language], { text: text.slice(1) }) : text);
  const passedThrough = new Set(chart.transitions.filter((t) => t.kind === 'always').map((t) => t.source));
  const parentPath = (statePath: string) => statePath.split('.').slice(0, -1).join('.');
  // a shot's other regions: what is active outside the state's parent (the same for its siblings' shots)
  const contextOf = (shot: Shot, parent: string) => shot.active.filter((a) => !(parent === '' ? true : a === parent || a.startsWith(`${parent}.`))).sort().join(' ');
  const stateCaption = (state: ChartState, language: Language): string => {
    if (state.description) return state.description;
    const all = shotsIn(language);
    const within = all.filter((s) => activeIn(s, state.path));
    if (state.path === '') return chartTitle(entry.flow)[language];
    if (!within.length) {
      if (state.type === 'final') return SAY.final[language];
      if (passedThrough.has(state.id)) return SAY.passed[language];
      missing.add(`state ${state.path}`);
      return capitalised(asWords(state.key));
    }
    // each of its screens against its siblings' screens that are alike elsewhere (the other regions
    // of a parallel chart in the same states), else against its siblings', else against all others:
    // the words it has and they have not are its own
    const parent = parentPath(state.path);
    const siblings = all.filter((s) => activeIn(s, parent) && !activeIn(s, state.path));
    const others = all.filter((s) => !activeIn(s, state.path));
    const share = (list: Shot[], text: string) => (list.length ? list.filter((s) => textsOf(s).includes(text)).length / list.length : 0);
    const votes = new Map<string, number>();
    for (const shot of within) {
      const alike = siblings.filter((s) => contextOf(s, parent) === contextOf(shot, parent));
      const contrast = alike.length ? alike : siblings.length ? siblings : others;
      for (const text of new Set(textsOf(shot))) votes.set(text, (votes.get(text) ?? 0) + 1 - share(contrast, text));
    }
    // the most its own of its messages and headings; for a single screen, else its buttons' words
    const button = (text: string) => text.startsWith('\u0000');
    const ranked = [...votes].sort((a, b) => b[1] - a[1]);
    const best = ranked.find(([text, v]) => !button(text) && v / within.length > 0.3) ?? (state.children.length ? undefined : ranked.find(([text, v]) => button(text) && v / within.length > 0.5));
    if (best) return shown(best[0], language);
    if (state.type === 'final') return SAY.final[language];
    const headings = within.map((s) => s.screen?.heading).filter((h): h is string => !!h);
    const common = [...new Set(headings)].sort((a, b) => headings.filter((h) => h === b).length - headings.filter((h) => h === a).length)[0];
    if (common) return common;
    const up = byId.get(state.id) && chart.states.find((s) => s.path === parent);
    if (up && up.path !== '' && byId.get(up.id)?.type !== 'parallel') return stateCaption(up, language);
    return within[0]!.screen?.title ?? capitalised(asWords(state.key));
  };
  const states = new Map(chart.states.map((s) => [s.id, both((l) => stateCaption(s, l))]));

  // --- transitions: who or what moves the chart, and on what condition
  const controlFor = (t: ChartTransition, language: Language) => {
    const source = pathOf(t.source);
    for (const pool of [shotsIn(language).filter((s) => activeIn(s, source)), shotsIn(language)]) {
      const counts = new Map<string, { how: keyof typeof HOW; label: string; n: number }>();
      for (const c of pool.flatMap((s) => s.controls).filter((c) => c.event === t.event && c.label)) {
        const key = `${c.how}|${c.label}`;
        counts.set(key, { how: c.how, label: c.label, n: (counts.get(key)?.n ?? 0) + 1 });
      }
      const top = [...counts.values()].sort((a, b) => b.n - a.n)[0];
      if (top) return fill(HOW[top.how][language], { label: top.label });
    }
    return null;
  };
  type Part = 'server' | 'child' | 'other';
  const invoked = (t: ChartTransition): { id: string; part: Part; src: string } => {
    const id = t.event.replace(/^xstate\.(done|error)\.actor\./, '');
    const src = byId.get(t.source)?.invokes.find((i) => i.id === id)?.src ?? id;
    const impl = implementations.actors?.[src];
    const part: Part = ACTORS[src] ? 'other' : impl && typeof impl === 'object' && 'root' in impl ? 'child' : 'server';
    return { id, part, src };
  };
  const childName = (id: string, src: string, language: Language) => {
    const phrase = CHILDREN[id] ?? CHILDREN[src];
    if (!phrase) missing.add(`child ${id}`);
    return phrase?.[language] ?? asWords(id);
  };
  // an answer an invoke's onDone announces (announceAnswer, machines/outcome.ts), handled by the
  // invoking state or one above it: `<id>.ok`, `<id>.refused.<CODE>` or `.*`, `<id>.unreachable`
  const answerOf = (t: ChartTransition) => {
    const match = t.kind === 'event' ? /^(.+?)\.(ok|unreachable|refused\.(.+))$/.exec(t.event) : null;
    if (!match) return null;
    const handler = pathOf(t.source);
    const invoke = chart.states.filter((s) => handler === '' || s.path === handler || s.path.startsWith(`${handler}.`)).flatMap((s) => s.invokes).find((i) => i.id === match[1]);
    if (!invoke) return null;
    const impl = implementations.actors?.[invoke.src];
    const part: Part = impl && typeof impl === 'object' && 'root' in impl ? 'child' : 'server';
    return { id: invoke.id, src: invoke.src, part, answer: match[2]!.split('.')[0] as 'ok' | 'refused' | 'unreachable', code: match[3] && match[3] !== '*' ? match[3] : null };
  };
  const answerWords = (a: NonNullable<ReturnType<typeof answerOf>>, language: Language): string => {
    const text = a.code ? localeText(language, `errors.${a.code}`) ?? a.code : null;
    if (a.part === 'server') {
      if (a.answer === 'ok') return SAY.serverAccepts[language];
      if (a.answer === 'unreachable') return SAY.serverSilent[language];
      return text ? fill(SAY.serverRefuses[language], { text }) : SAY.serverOther[language];
    }
    const child = childName(a.id, a.src, language);
    if (a.answer === 'ok') return fill(SAY.childEnds[language], { child });
    if (a.answer === 'refused' && !text) return fill(SAY.childOther[language], { child });
    const cond = text ? fill(SAY.refusedWith[language], { text }) : GUARDS.unreachable![language];
    return fill(SAY.colon[language], { trigger: fill(SAY.childEnds[language], { child }), cond });
  };
  const trigger = (t: ChartTransition, language: Language): string => {
    switch (t.kind) {
      case 'event': {
        const answer = answerOf(t);
        if (answer) return answerWords(answer, language);
        const control = controlFor(t, language);
        if (control) return control;
        if (EVENTS[t.event]) return EVENTS[t.event]![language];
        missing.add(`event ${t.event}`);
        return asWords(t.event);
      }
      case 'done':
      case 'error': {
        const { id, part, src } = invoked(t);
        if (part === 'other') return ACTORS[src]![t.kind][language];
        if (part === 'child') return fill((t.kind === 'done' ? SAY.childEnds : SAY.childFails)[language], { child: childName(id, src, language) });
        return (t.kind === 'done' ? SAY.serverAnswers : SAY.serverSilent)[language];
      }
      case 'after': {
        const name = t.label.slice('after '.length);
        const value = implementations.delays?.[name] ?? (Number.isFinite(Number(name)) ? Number(name) : undefined);
        if (typeof value === 'number') return fill(SAY.after[language], { delay: formatDelay(value, language) });
        if (DELAYS[name]) return fill(SAY.after[language], { delay: DELAYS[name]![language] });
        return SAY.afterAWhile[language];
      }
      case 'always':
        return SAY.always[language];
      default:
        return SAY.stateDone[language];
    }
  };
  const condition = (guard: string, language: Language): string => {
    if (guard.includes(' || ')) return guard.split(' || ').map((g) => condition(g, language)).join(SAY.or[language]);
    if (guard.includes(' && ')) return guard.split(' && ').map((g) => condition(g, language)).join(SAY.and[language]);
    if (guard.startsWith('!')) return fill(SAY.not[language], { cond: condition(guard.slice(1), language) });
    const inState = /^in\((.*)\)$/.exec(guard);
    if (inState) {
      const target = chart.states.find((s) => `#${s.id}` === inState[1] || s.path === inState[1] || s.id === inState[1]);
      return fill(SAY.inState[language], { state: target ? states.get(target.id)![language] : inState[1]! });
    }
    const [, name, params] = /^([^(]+)(?:\((.*)\))?$/.exec(guard) ?? [guard, guard, undefined];
    if (name === 'refusedWith' && params && !GUARDS[guard]) return fill(SAY.refusedWith[language], { text: localeText(language, `errors.${params}`) ?? params });
    if (ACCEPTS.has(name!)) return SAY.accepted[language];
    const phrase = GUARDS[`${entry.flow}:${name}`] ?? GUARDS[guard] ?? GUARDS[name!];
    if (!phrase) {
      missing.add(`guard ${name}`);
      return asWords(name!);
    }
    return fill(phrase[language], { 0: params ?? '' });
  };
  const transitionCaption = (t: ChartTransition, language: Language): string => {
    if (t.description) return t.description;
    const who = trigger(t, language);
    const server = (t.kind === 'done' || t.kind === 'error') && invoked(t).part === 'server';
    if (!t.guard) {
      const earlier = chart.transitions.slice(0, chart.transitions.indexOf(t)).some((o) => o.source === t.source && o.event === t.event && o.guard);
      if (!earlier) return who;
      if (t.kind === 'done' && server) return SAY.serverOther[language];
      if (t.kind === 'done' && invoked(t).part === 'child') return fill(SAY.childOther[language], { child: childName(invoked(t).id, invoked(t).src, language) });
      return fill(SAY.otherwise[language], { trigger: who });
    }
    const refusal = /^refusedWith\((.*)\)$/.exec(t.guard);
    if (server && t.kind === 'done' && ACCEPTS.has(t.guard)) return SAY.serverAccepts[language];
    if (server && t.kind === 'done' && refusal && localeText(language, `errors.${refusal[1]}`)) return fill(SAY.serverRefuses[language], { text: localeText(language, `errors.${refusal[1]}`) ?? refusal[1]! });
    const cond = condition(t.guard, language);
    return fill((t.kind === 'done' || t.kind === 'error' || answerOf(t) ? SAY.colon : SAY.when)[language], { trigger: who, cond });
  };
  const transitions = new Map(chart.transitions.map((t) => [t, both((l) => transitionCaption(t, l))]));

  // --- a path's step: the transition it took (the event, from a state then active, to the states reached)
  const step = (language: Language, from: string | null, event: string, to: string): string => {
    const before = from === null ? null : activeOf(from);
    const after = activeOf(to);
    const taken = chart.transitions.find((t) =>
      t.event === event &&
      (before === null || pathOf(t.source) === '' || before.includes(pathOf(t.source))) &&
      t.targets.every((target) => pathOf(target) === '' || after.includes(pathOf(target))));
    if (taken) return transitions.get(taken)![language];
    if (event.startsWith('xstate.')) return event.includes('.error.') ? SAY.serverSilent[language] : SAY.serverAnswers[language];
    return EVENTS[event]?.[language] ?? asWords(event);
  };

  return { title: chartTitle(entry.flow), states, transitions, step, missing: [...missing].sort() };
}
