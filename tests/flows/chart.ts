/**
 * What the flow book knows of a chart, read from the machine definition itself (`machine.root`):
 * its state tree (nested, parallel, final, history), every transition with its guard's name, its
 * delay or the invoked actor it answers, and the actions it runs. The diagram, the index and the
 * Stately export test all read this one description, so what the book draws is what the chart does.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

export interface ChartState {
  id: string;
  key: string;
  /** Dot path from the root, as `snapshot.matches` reads it ('' for the root). */
  path: string;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  initial: string | null;
  tags: string[];
  entry: string[];
  exit: string[];
  invokes: { id: string; src: string }[];
  /** The chart's own `description` of the state (Stately shows it), if it writes one. */
  description: string | null;
  children: ChartState[];
}

export interface ChartTransition {
  source: string;
  targets: string[];
  /** The event as a person reads it: `amount.submitted`, `after pollInterval`, `done: loadStores`, `always`. */
  label: string;
  event: string;
  kind: 'event' | 'after' | 'always' | 'done' | 'error' | 'stateDone';
  guard: string | null;
  actions: string[];
  reenter: boolean;
  /** The chart's own `description` of the transition (Stately shows it), if it writes one. */
  description: string | null;
}

export interface Chart {
  id: string;
  root: ChartState;
  states: ChartState[];
  transitions: ChartTransition[];
  /** Events a person or the server sends (not xstate's own done/error/after events). */
  events: string[];
  /** Actors the chart invokes, by their name in `setup`. */
  actors: string[];
  guards: string[];
  actions: string[];
  delays: string[];
}

/** A guard's name as written in the chart: a string, `{ type }`, or xstate's `not`/`and`/`or`/`stateIn`. */
export function guardName(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const fn = guard as { name: string; guards?: unknown[]; stateValue?: unknown };
    if (fn.guards && ['not', 'and', 'or'].includes(fn.name)) {
      const inner = fn.guards.map((g) => guardName(g) ?? '?');
      return fn.name === 'not' ? `!${inner[0]}` : inner.join(fn.name === 'and' ? ' && ' : ' || ');
    }
    if (fn.name === 'stateIn') return `in(${typeof fn.stateValue === 'string' ? fn.stateValue : JSON.stringify(fn.stateValue)})`;
    return fn.name || 'inline';
  }
  if (typeof guard === 'object' && 'type' in (guard as object)) {
    // a parameterised guard reads with its parameters: refusedWith(COD10001)
    const { type, params } = guard as { type: unknown; params?: unknown };
    const shown = params && typeof params === 'object' ? Object.values(params).filter((v) => ['string', 'number', 'boolean'].includes(typeof v)) : [];
    return shown.length ? `${String(type)}(${shown.join(', ')})` : String(type);
  }
  return 'inline';
}

/** An action's name: a string, `{ type }`, or an inline action object of xstate (`assign`, `raise`…). */
export function actionName(action: unknown): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'function') {
    const type = (action as { type?: string }).type;
    return type ? type.replace(/^xstate\./, '') : action.name || 'inline';
  }
  if (action && typeof action === 'object' && 'type' in action) return String((action as { type: unknown }).type).replace(/^xstate\./, '');
  return 'inline';
}

const srcName = (src: unknown): string => (typeof src === 'string' ? src : (src as { id?: string; config?: { id?: string } })?.id ?? (src as { config?: { id?: string } })?.config?.id ?? 'inline');

const list = (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

function pathOf(node: AnyStateNode): string {
  return (node.path as string[]).join('.');
}

function classify(t: AnyTransitionDefinition, source: AnyStateNode): Pick<ChartTransition, 'kind' | 'label'> {
  const type = t.eventType as string;
  if (type === '') return { kind: 'always', label: 'always' };
  if (type.startsWith('xstate.after.')) {
    const delay = type.slice('xstate.after.'.length, type.length - source.id.length - 1);
    return { kind: 'after', label: `after ${delay}` };
  }
  if (type.startsWith('xstate.done.actor.')) return { kind: 'done', label: `done: ${type.slice('xstate.done.actor.'.length)}` };
  if (type.startsWith('xstate.error.actor.')) return { kind: 'error', label: `error: ${type.slice('xstate.error.actor.'.length)}` };
  if (type.startsWith('xstate.done.state.')) return { kind: 'stateDone', label: 'done' };
  return { kind: 'event', label: type };
}

export function chartOf(machine: AnyStateMachine): Chart {
  const states: ChartState[] = [];
  const transitions: ChartTransition[] = [];
  const visit = (node: AnyStateNode): ChartState => {
    const invokes = ((node.invoke ?? []) as { id: string; src: unknown }[]).map((i) => ({ id: i.id, src: srcName(i.src) }));
    const state: ChartState = {
      id: node.id,
      key: node.key,
      path: pathOf(node),
      type: node.type as ChartState['type'],
      initial: node.type === 'compound' ? ((node.config as { initial?: string }).initial ?? Object.keys(node.states)[0] ?? null) : null,
      tags: [...(node.tags ?? [])].map(String),
      // as written: xstate adds its own raise/cancel of the `after` timers to node.entry/exit
      entry: list((node.config as { entry?: unknown }).entry).map(actionName),
      exit: list((node.config as { exit?: unknown }).exit).map(actionName),
      invokes,
      description: typeof node.description === 'string' ? node.description : null,
      children: [],
    };
    states.push(state);
    const own = [...[...node.transitions.values()].flat(), ...(node.always ?? [])] as AnyTransitionDefinition[];
    for (const t of own) {
      transitions.push({
        source: node.id,
        targets: ((t.target ?? []) as AnyStateNode[]).map((n) => n.id),
        event: (t.eventType as string) || 'always',
        ...classify(t, node),
        guard: guardName(t.guard),
        actions: ((t.actions ?? []) as unknown[]).map(actionName),
        reenter: !!t.reenter,
        description: typeof (t as { description?: unknown }).description === 'string' ? (t as { description: string }).description : null,
      });
    }
    state.children = (Object.values(node.states) as AnyStateNode[]).map(visit);
    return state;
  };
  const root = visit(machine.root);
  const uniq = (xs: (string | null)[]) => [...new Set(xs.filter((x): x is string => !!x))].sort();
  return {
    id: machine.id,
    root,
    states,
    transitions,
    events: uniq(transitions.filter((t) => t.kind === 'event').map((t) => t.event)),
    actors: uniq(states.flatMap((s) => s.invokes.map((i) => i.src))),
    guards: uniq(transitions.map((t) => t.guard)),
    actions: uniq([...transitions.flatMap((t) => t.actions), ...states.flatMap((s) => [...s.entry, ...s.exit])]),
    delays: uniq(transitions.filter((t) => t.kind === 'after').map((t) => t.label.slice('after '.length))),
  };
}

/**
 * The chart reduced to what two definitions of it must share: states with their type, initial,
 * tags, entry/exit and invokes; transitions with event, targets, guard, actions. The Stately
 * export test compares these for the original and the machine re-created from the export.
 */
export function signature(chart: Chart): { states: string[]; transitions: string[] } {
  return {
    states: chart.states.map((s) => `${s.id} ${s.type} initial=${s.initial ?? '-'} tags=${s.tags.join(',')} entry=${s.entry.join(',')} exit=${s.exit.join(',')} invoke=${s.invokes.map((i) => `${i.id}:${i.src}`).join(',')}`).sort(),
    transitions: chart.transitions.map((t) => `${t.source} --${t.event}${t.guard ? ` [${t.guard}]` : ''}--> ${t.targets.join(',') || '(self)'}${t.reenter ? ' reenter' : ''} / ${t.actions.join(',')}`).sort(),
  };
}
