/**
 * Model-based testing over `xstate/graph` (the `@xstate/test` idea for XState v5).
 *
 * A flow model names a machine (with its invoked actors stubbed so only fed events move it), the
 * inputs it is explored from, and the events a user or the server can produce, invoked results
 * included as `xstate.done.actor.<id>` / `xstate.error.actor.<id>`. From it come paths that take
 * every transition at least once; each path runs against the bare machine and against its screen.
 */
import { createActor, fromPromise, type AnyStateMachine, type AnyTransitionDefinition, type AnyStateNode, type EventObject, type SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';

export interface FlowVariant<TInput> {
  name: string;
  input: TInput;
}

export interface FlowModel<M extends AnyStateMachine = AnyStateMachine> {
  machine: M;
  variants: FlowVariant<unknown>[];
  events: EventObject[] | ((snapshot: SnapshotFrom<M>) => EventObject[]);
  /** How two snapshots count as one state in the graph; value plus context by default. */
  serializeState?: (snapshot: SnapshotFrom<M>) => string;
}

export interface FlowStep {
  event: EventObject;
  state: { value: unknown; tags: Set<string> | string[] };
}

export interface FlowPath {
  variant: FlowVariant<unknown>;
  description: string;
  steps: FlowStep[];
}

/** Stable name of a transition: source state, event, and its position among that event's branches. */
export function transitionKey(transition: AnyTransitionDefinition): string {
  const source = transition.source as AnyStateNode;
  const list = transition.eventType === '' ? (source.always ?? []) : (source.transitions.get(transition.eventType) ?? []);
  return `${source.id} --${transition.eventType || 'always'}[${list.indexOf(transition)}]--> ${(transition.target ?? []).map((t: AnyStateNode) => t.id).join(',') || '(self)'}`;
}

/** Every transition a machine declares: event, delayed (`after`) and eventless (`always`). */
export function allTransitions(machine: AnyStateMachine): string[] {
  const keys: string[] = [];
  const visit = (node: AnyStateNode) => {
    for (const list of node.transitions.values()) for (const t of list) keys.push(transitionKey(t));
    for (const t of node.always ?? []) keys.push(transitionKey(t));
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child);
  };
  visit(machine.root);
  return keys;
}

const stepOf = (snapshot: { value: unknown; tags: Set<string> }): FlowStep['state'] => ({ value: snapshot.value, tags: snapshot.tags });

/**
 * Paths that together take every reachable transition. Candidates are the shortest way to each
 * state, then each event enabled there; replayed on the bare machine, each candidate is known by
 * the transitions it takes, and the shortest candidates that add a transition not yet taken are
 * kept. The result is small enough to run against screens.
 */
export function transitionCoveringPaths(model: FlowModel): FlowPath[] {
  const candidates: FlowPath[] = [];
  for (const variant of model.variants) {
    const testModel = new TestModel(model.machine, {
      input: variant.input,
      events: model.events as never,
      ...(model.serializeState ? { serializeState: model.serializeState as never } : {}),
    });
    const serialize = model.serializeState ?? ((s: SnapshotFrom<AnyStateMachine>) => JSON.stringify({ value: s.value, context: s.context }));
    const shortest = new Map(testModel.getShortestPaths({ allowDuplicatePaths: true }).map((p) => [serialize(p.state as never), p]));
    const adjacency = testModel.getAdjacencyMap();
    for (const vertex of Object.values(adjacency)) {
      const prefix = shortest.get(serialize(vertex.state as never));
      if (!prefix) continue;
      const steps = prefix.steps.slice(1).map((s) => ({ event: s.event as EventObject, state: stepOf(s.state as never) }));
      candidates.push({ variant, description: describe(variant, steps), steps });
      for (const edge of Object.values(vertex.transitions) as { event: EventObject; state: unknown }[]) {
        if (!(vertex.state as { can(e: EventObject): boolean }).can(edge.event)) continue;
        const longer = [...steps, { event: edge.event, state: stepOf(edge.state as never) }];
        candidates.push({ variant, description: describe(variant, longer), steps: longer });
      }
    }
  }
  candidates.sort((a, b) => a.steps.length - b.steps.length);
  const taken = new Set<string>();
  const chosen: FlowPath[] = [];
  const seenStates = new Set<string>();
  for (const candidate of candidates) {
    const keys = replay(model, candidate);
    const endState = `${candidate.variant.name}:${JSON.stringify(candidate.steps.at(-1)?.state.value ?? 'initial')}`;
    const addsTransition = [...keys].some((k) => !taken.has(k));
    if (!addsTransition && seenStates.has(endState)) continue;
    for (const k of keys) taken.add(k);
    seenStates.add(endState);
    chosen.push(candidate);
  }
  return dropPrefixes(chosen);
}

function describe(variant: FlowVariant<unknown>, steps: FlowStep[]): string {
  const route = steps.map((s) => `${s.event.type} → ${JSON.stringify(s.state.value)}`).join(' ; ');
  return `[${variant.name}] ${route || 'initial state'}`;
}

function dropPrefixes(paths: FlowPath[]): FlowPath[] {
  const signature = (p: FlowPath) => `${p.variant.name}::${p.steps.map((s) => JSON.stringify(s.event)).join('>')}`;
  const all = [...new Map(paths.map((p) => [signature(p), p])).values()];
  return all.filter((p) => !all.some((q) => q !== p && q.variant === p.variant && q.steps.length > p.steps.length && signature(q).startsWith(`${signature(p)}>`)));
}

/**
 * Replays paths on real actors and records, through the inspection API, every transition taken:
 * what the coverage gate counts and what proves the bare machine follows the model.
 */
export function replay(model: FlowModel, path: FlowPath, onStep?: (step: FlowStep, snapshot: SnapshotFrom<AnyStateMachine>) => void): Set<string> {
  const taken = new Set<string>();
  const actor = createActor(model.machine, {
    input: path.variant.input,
    inspect: (event) => {
      if (event.type === '@xstate.microstep' && (event.actorRef as { sessionId?: string }).sessionId === event.rootId) {
        for (const t of (event as unknown as { _transitions: AnyTransitionDefinition[] })._transitions) taken.add(transitionKey(t));
      }
    },
  });
  actor.start();
  try {
    for (const step of path.steps) {
      actor.send(step.event);
      onStep?.(step, actor.getSnapshot());
    }
  } finally {
    actor.stop();
  }
  return taken;
}

/** Runs every path against the bare machine: each step must land on the state the model predicted. */
export function checkBareMachine(model: FlowModel, paths: FlowPath[]): Set<string> {
  const covered = new Set<string>();
  for (const path of paths) {
    for (const key of replay(model, path, (step, snapshot) => {
      const expected = JSON.stringify(step.state.value);
      const actual = JSON.stringify(snapshot.value);
      if (expected !== actual) throw new Error(`${path.description}: after ${step.event.type} expected ${expected}, got ${actual}`);
    })) covered.add(key);
  }
  return covered;
}

/** The transitions of a machine that no path takes (the gate's failure list). */
export function uncovered(model: FlowModel, paths: FlowPath[]): string[] {
  const covered = new Set<string>();
  for (const path of paths) for (const key of replay(model, path)) covered.add(key);
  return allTransitions(model.machine).filter((key) => !covered.has(key));
}

/** The `xstate.after` event for a named delay of a state, as the machine raises it. */
export const afterEvent = (delay: string, stateId: string): EventObject => ({ type: `xstate.after.${delay}.${stateId}` });
export const doneEvent = (actorId: string, output: unknown): EventObject => ({ type: `xstate.done.actor.${actorId}`, output } as EventObject);
export const errorEvent = (actorId: string, error: unknown): EventObject => ({ type: `xstate.error.actor.${actorId}`, error } as EventObject);

/**
 * The machine with its invoked actors replaced by promises that never settle: in a model only the
 * fed `xstate.done/error.actor.*` events move it, never a real or default implementation.
 */
export function parkInvokes<M extends AnyStateMachine>(machine: M, actorNames: string[]): M {
  const parked = Object.fromEntries(actorNames.map((name) => [name, fromPromise(() => new Promise<never>(() => {}))]));
  return machine.provide({ actors: parked } as never) as M;
}
