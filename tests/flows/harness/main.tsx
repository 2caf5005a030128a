/**
 * The flow book's photo studio, built by tests/flows/vite.harness.config.ts and driven by
 * tests/flows/shots.ts in Chromium: it mounts a chart's screen on an actor of the chart's model
 * (tests/models/<flow>.model.ts: invokes parked, nothing reaches a server) and walks the model's
 * transition-covering paths, the same the coverage gate and the screen tests run, one event at a
 * time. Timers of the chart are held still so a picture shows the state the path reached.
 */
import '../../../src/styles.css';
import { Component, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { useSelector } from '@xstate/react';
import { createActor, type AnyActorRef, type AnyStateMachine, type EventObject } from 'xstate';
import { createI18n } from '../../../src/i18n.ts';
import pt from '../../../locales/pt.json';
import en from '../../../locales/en.json';
import zh from '../../../locales/zh.json';
import fr from '../../../locales/fr.json';
import { models } from '../../models/index.ts';
import { transitionCoveringPaths, type FlowModel, type FlowPath } from '../../support/mbt.ts';
import { VIEWS } from './views.tsx';

/** Where a step led; `fresh` when this state value is met for the first time in this walk (then it was rendered and waited for). */
export interface StateInfo { value: string; active: string[]; expected: string | null; error: string | null; fresh: boolean }

const FOREVER = 2 ** 31 - 1;
const modelOf = (flow: string): FlowModel | undefined => models[`${flow}.machine.ts`];

/** The dot paths of every state node active in a state value. */
function activePaths(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix ? `${prefix}.${value}` : value];
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const here = prefix ? `${prefix}.${key}` : key;
    return [here, ...activePaths(child, here)];
  });
}

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null as string | null };
  static getDerivedStateFromError(error: Error) {
    return { error: error.message };
  }
  override render() {
    return this.state.error ? <pre role="alert" data-render-error>{this.state.error}</pre> : this.props.children;
  }
}

// the path sends every event; what a view sends by itself (an infinite list's sentinel coming into
// view, a pull) would take the actor off the path, so the pictures' screens send nothing
const still = () => {};

function Stage({ flow, actor }: { flow: string; actor: AnyActorRef }) {
  const state = useSelector(actor, (s) => s);
  return VIEWS[flow]!(state, still);
}

// the scanner model's camera is a stand-in object, not a MediaStream: the video stays dark
const srcObject = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'srcObject')!;
Object.defineProperty(HTMLMediaElement.prototype, 'srcObject', {
  ...srcObject,
  set(value: unknown) {
    if (value === null || value instanceof MediaStream) srcObject.set!.call(this, value);
  },
});

const pathCache = new Map<string, FlowPath[]>();
let root: Root | null = null;
let current: { actor: AnyActorRef; path: FlowPath } | null = null;

const frames = () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))));

// states already photographed in this walk: a step back to one of them is not waited for
let seen = new Set<string>();

async function info(expected: unknown): Promise<StateInfo> {
  const value = (current!.actor.getSnapshot() as { value: unknown }).value;
  const key = JSON.stringify(value);
  const fresh = !seen.has(key);
  if (fresh) {
    seen.add(key);
    await frames();
  }
  const error = fresh ? (document.querySelector('[data-render-error]')?.textContent ?? null) : null;
  return { value: key, active: activePaths(value), expected: expected === undefined ? null : JSON.stringify(expected), error, fresh };
}

const book = {
  flows: () => Object.keys(models).map((file) => file.slice(0, -'.machine.ts'.length)),
  hasView: (flow: string) => !!VIEWS[flow],
  /** A new walk of a chart (a language): every state is new again. */
  begin() {
    seen = new Set();
  },
  paths(flow: string): string[] {
    const model = modelOf(flow);
    if (!model) return [];
    if (!pathCache.has(flow)) pathCache.set(flow, transitionCoveringPaths(model));
    return pathCache.get(flow)!.map((p) => p.description);
  },
  stepsOf: (flow: string, index: number) => pathCache.get(flow)![index]!.steps.length,
  async start(flow: string, index: number, language: 'pt' | 'en'): Promise<StateInfo> {
    book.stop();
    sessionStorage.clear();
    localStorage.clear();
    const model = modelOf(flow)!;
    const path = pathCache.get(flow)![index]!;
    const delays = Object.keys((model.machine as AnyStateMachine).implementations.delays ?? {});
    const machine = delays.length ? model.machine.provide({ delays: Object.fromEntries(delays.map((d) => [d, FOREVER])) } as never) : model.machine;
    const actor = createActor(machine, { input: path.variant.input as never });
    actor.start();
    current = { actor, path };
    document.documentElement.lang = language;
    const i18n = createI18n(language, { pt, en, zh, fr });
    root = createRoot(document.getElementById('root')!);
    root.render(
      <I18nextProvider i18n={i18n}>
        <Boundary>
          <div className="kw-app">
            <Stage flow={flow} actor={actor} />
          </div>
        </Boundary>
      </I18nextProvider>,
    );
    return info(undefined);
  },
  async step(index: number): Promise<StateInfo> {
    const step = current!.path.steps[index]!;
    current!.actor.send(step.event as EventObject);
    return info(step.state.value);
  },
  stop() {
    root?.unmount();
    root = null;
    current?.actor.stop();
    current = null;
    window.scrollTo(0, 0);
  },
};

(window as unknown as { __book: typeof book }).__book = book;
document.body.dataset.ready = 'true';
