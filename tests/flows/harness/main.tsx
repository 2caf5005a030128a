/**
 * The flow book's photo studio, built by tests/flows/vite.harness.config.ts and driven by
 * tests/flows/shots.ts in Chromium: it mounts a chart's screen on an actor of the chart's model
 * (tests/models/<flow>.model.ts: invokes parked, nothing reaches a server) and walks the model's
 * transition-covering paths, the same the coverage gate and the screen tests run, one event at a
 * time. Timers of the chart are held still so a picture shows the state the path reached.
 *
 * The view sits in the page its route draws (frames.ts: the header with the route's title, or the
 * platform's top bar; views.tsx `BESIDE`: the till's live alerts). For the book's plain captions
 * each new state is read (`screen`: its heading and the message it shows) and its controls are
 * tried (`probe`: which event each button, field or box sends, and its label), sends caught.
 */
import '../../../src/styles.css';
import { Component, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { ConfigProvider } from 'antd-mobile';
import { useSelector } from '@xstate/react';
import { createActor, type AnyActorRef, type AnyStateMachine, type EventObject } from 'xstate';
import { createI18n } from '../../../src/i18n.ts';
import { antdLocaleOf } from '../../../src/ui/antdLocales.ts';
import { PageHeader } from '../../../src/ui/PageHeader.tsx';
import { PlatformTop } from '../../../screens/platform/PlatformShell.tsx';
import { PaymentAlertsView } from '../../../screens/common/PaymentAlerts.tsx';
import { ROUTES } from '../../../services/routeTable.ts';
import { models } from '../../models/index.ts';
import { transitionCoveringPaths, type FlowModel, type FlowPath } from '../../support/mbt.ts';
import { paymentAlertsModel, arrivals, CURSOR_0 } from '../../models/paymentAlerts.model.ts';
import { doneEvent } from '../../support/mbt.ts';
import { FRAMES } from './frames.ts';
import { BESIDE, ROUTE_OF, VIEWS } from './views.tsx';
// whole languages, assembled by the build (locales/dictionary.ts reads files: it cannot run in the page)
import pt from 'virtual:locale-sections/pt/all';
import en from 'virtual:locale-sections/en/all';
import zh from 'virtual:locale-sections/zh/all';
import fr from 'virtual:locale-sections/fr/all';

/** What a screen says in a state: its heading, and the messages it shows (alerts, and statuses such as "Loading…"), the page's title. */
export interface ScreenText { title: string | null; heading: string | null; messages: { text: string; tone: 'alert' | 'status' }[]; buttons: string[] }

/** A control of the screen and the event it sends: pressed (a button, a link), typed in, ticked, chosen in (a list box), one of several buttons, a file. */
export interface Control { event: string; label: string; how: 'press' | 'type' | 'tick' | 'choose' | 'pick' | 'file' }

/** Where a step led; `fresh` when this state value is met for the first time in this walk (then it was rendered and waited for, and `screen` read). */
export interface StateInfo {
  value: string;
  active: string[];
  expected: string | null;
  error: string | null;
  fresh: boolean;
  screen: ScreenText | null;
  /** How tall the page's content is, in CSS pixels (the picture is cut below it). */
  height: number;
  /** The controls of the state photographed before this step (tried once its picture was taken), if any. */
  probed: Control[] | null;
}

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
// view, a pull) would take the actor off the path, so the pictures' screens send nothing. While the
// controls are tried, what they send is caught instead.
let caught: EventObject[] | null = null;
const still = (event: EventObject) => {
  caught?.push(event);
};

/** The route's header title, or the platform's top bar, or nothing (frames.ts). */
function routeOf(flow: string, input: unknown) {
  const routes = FRAMES[flow]?.routes;
  if (!routes) return null;
  const path = routes[ROUTE_OF[flow]?.(input) ?? 0] ?? routes[0]!;
  const route = ROUTES.find((r) => r.path === path);
  if (!route) throw new Error(`frames.ts: no route ${path} in services/routeTable.ts`);
  return route;
}

function Page({ flow, actor, alerts, input }: { flow: string; actor: AnyActorRef; alerts: AnyActorRef | null; input: unknown }) {
  const { t } = useTranslation();
  const state = useSelector(actor, (s) => s);
  const page = { alerts: alerts ? <Alerts actor={alerts} /> : null };
  const route = routeOf(flow, input);
  const stage = <div data-stage data-title={route ? t(route.title) : ''} style={{ display: 'contents' }}>{VIEWS[flow]!(state, still, page)}</div>;
  if (route?.access === 'operator') {
    return (
      <div className="kw-platform">
        <PlatformTop operatorName="Ana Operadora" signingOut={false} onSignOut={() => undefined} link={(to, label) => <a href={to}>{label}</a>} />
        <div className="kw-plt-main">{stage}</div>
      </div>
    );
  }
  return (
    <>
      {route && <PageHeader title={t(route.title)} showBack={!FRAMES[flow]?.noBack} />}
      {stage}
      {BESIDE[flow]?.(state, page)}
    </>
  );
}

/** The alerts panel, marked as the page's and not the chart's: its words are not the state's, its controls not tried. */
function Alerts({ actor }: { actor: AnyActorRef }) {
  const state = useSelector(actor, (s) => s);
  return <div data-beside style={{ display: 'contents' }}><PaymentAlertsView state={state as never} send={() => undefined} /></div>;
}

/** The live alerts as an open till shows them: listening, with the model's two payments in. */
function listeningAlerts(): AnyActorRef {
  const actor: AnyActorRef = createActor(paymentAlertsModel.machine, { input: { voice: false } });
  actor.start();
  actor.send(doneEvent('waitAlerts', { ok: true, data: { payments: [], cursor: CURSOR_0 } }));
  actor.send(doneEvent('waitAlerts', { ok: true, data: arrivals }));
  return actor;
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
let current: { actor: AnyActorRef; alerts: AnyActorRef | null; path: FlowPath; flow: string; language: 'pt' | 'en'; generation: number } | null = null;

const frames = () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))));

// states already photographed in this walk: a step back to one of them is not waited for
let seen = new Set<string>();
// a state just photographed has its controls tried before the next step (or path) moves on
let toProbe = false;
const probed = (): Control[] | null => {
  if (!toProbe) return null;
  toProbe = false;
  return probe();
};

async function info(expected: unknown): Promise<StateInfo> {
  const value = (current!.actor.getSnapshot() as { value: unknown }).value;
  const key = JSON.stringify(value);
  const fresh = !seen.has(key);
  if (fresh) {
    seen.add(key);
    await frames();
    toProbe = true;
  }
  const error = fresh ? (document.querySelector('[data-render-error]')?.textContent ?? null) : null;
  return { value: key, active: activePaths(value), expected: expected === undefined ? null : JSON.stringify(expected), error, fresh, screen: fresh && !error ? readScreen() : null, height: fresh && !error ? contentHeight() : 0, probed: null };
}

const visible = (el: Element) => (el as HTMLElement).getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
const words = (text: string | null | undefined, max = 160) => {
  const clean = (text ?? '').replace(/\s+/g, ' ').trim();
  return clean.length > max ? `${clean.slice(0, max - 1).trimEnd()}…` : clean;
};
const stageOf = () => document.querySelector('[data-stage]');

/** How far down the page has something to show (the page itself fills the phone's height, blank below). */
function contentHeight(): number {
  let bottom = 0;
  for (const el of document.querySelectorAll('main.kw-app *')) {
    const box = el.getBoundingClientRect();
    if (box.height > 0 && box.width > 0) bottom = Math.max(bottom, box.bottom + window.scrollY);
  }
  return Math.ceil(bottom);
}

/** The chart's own elements of the screen (not the page's header nor what sits beside, the alerts). */
const own = (selector: string) => [...(stageOf()?.querySelectorAll<HTMLElement>(selector) ?? [])].filter((el) => !el.closest('[data-beside]') && visible(el));

/** The screen's heading (its first heading or legend), the messages it shows (its alerts, then its statuses) and its buttons' words. */
function readScreen(): ScreenText {
  const heading = own('h1, h2, h3, legend, .kw-step-title').find((el) => words(el.innerText));
  const messages: ScreenText['messages'] = [];
  for (const tone of ['alert', 'status'] as const) {
    for (const el of own(`[role="${tone}"]`)) {
      const text = words(el.innerText);
      if (text && !messages.some((m) => m.text === text)) messages.push({ text, tone });
    }
  }
  // what its buttons say (a busy one says so: "Exporting…")
  const buttons = [...new Set(own('button, [role="button"]').map((el) => labelOf(el)).filter(Boolean))].slice(0, 12);
  const title = (stageOf() as HTMLElement | null)?.dataset.title;
  return { title: title || null, heading: heading ? words(heading.innerText) : null, messages: messages.slice(0, 4), buttons };
}

/** What a control is called on screen: its label, its own text (a choice's first, bold line), else what it says for a screen reader. */
function labelOf(el: HTMLElement): string {
  const byIds = el.getAttribute('aria-labelledby')?.split(/\s+/).map((id) => document.getElementById(id)?.innerText ?? '').join(' ');
  const field = el as HTMLInputElement;
  const own = field.labels?.length ? [...field.labels].map((l) => l.innerText).join(' ') : null;
  const strong = el.querySelector('strong');
  return words(el.getAttribute('aria-label') || byIds || own || (strong ? strong.innerText : el.innerText) || field.placeholder || el.title || '', 90);
}

/** The nearest container of a group of controls that names it (a list's or a group's label, a fieldset's legend, the field's label). */
function groupLabelOf(elements: HTMLElement[]): string | null {
  for (let node = elements[0]!.parentElement; node && node !== stageOf(); node = node.parentElement) {
    if (!elements.every((el) => node!.contains(el))) continue;
    const named = node.getAttribute('aria-label') || node.getAttribute('aria-labelledby')?.split(/\s+/).map((id) => document.getElementById(id)?.innerText ?? '').join(' ') || (node.tagName === 'FIELDSET' ? node.querySelector('legend')?.innerText : null);
    if (named) return words(named, 90);
  }
  return null;
}

/** A box drawn in place of its input (antd-mobile's checkbox), or a file input behind its button: tried all the same. */
const hiddenButUsable = (el: HTMLElement) => {
  const input = el as HTMLInputElement;
  if (input.type === 'file') return true;
  return (input.type === 'checkbox' || input.type === 'radio') && !!input.labels?.length && [...input.labels].some(visible);
};

const valueSetter = (el: HTMLElement) => Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value')?.set;

/** Tries one control as a person would, and what it sent (to the chart's actor) is caught. */
function tryControl(el: HTMLElement): Control['how'] {
  const tag = el.tagName;
  const type = (el as HTMLInputElement).type;
  if (tag === 'INPUT' && type === 'file') {
    const files = new DataTransfer();
    files.items.add(new File(['x'], 'photo.jpg', { type: 'image/jpeg' }));
    (el as HTMLInputElement).files = files.files;
    el.dispatchEvent(new Event('change', { bubbles: true }));
    return 'file';
  }
  if ((tag === 'INPUT' && !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(type)) || tag === 'TEXTAREA') {
    const input = el as HTMLInputElement;
    valueSetter(input)?.call(input, `${input.value}1`);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    return 'type';
  }
  if (tag === 'SELECT') {
    const select = el as HTMLSelectElement;
    const other = [...select.options].find((o) => o.value !== select.value && !o.disabled);
    if (other) valueSetter(select)?.call(select, other.value);
    select.dispatchEvent(new Event('change', { bubbles: true }));
    return 'choose';
  }
  el.click();
  return (tag === 'INPUT' && (type === 'checkbox' || type === 'radio')) || el.getAttribute('role') === 'checkbox' || el.getAttribute('role') === 'switch' ? 'tick' : 'press';
}

// a tried link goes nowhere, a tried form is not sent (its submit event still reaches the view)
const stay = (event: Event) => {
  if (event.type === 'submit' || (event.target as Element).closest?.('a[href]')) event.preventDefault();
};

/**
 * Every control of the screen tried in turn: the events it sends to the chart (through the view's
 * `send`, or straight to the chart's actor) are caught, none delivered; a child chart's panel
 * sends to its own actor, not the chart's, and is caught and dropped. The page is drawn afresh
 * after, so nothing tried stays on it.
 */
function probe(): Control[] {
  if (!current) return [];
  // every actor's `send` (bound to it) hands the event to its system: caught there, sent to the
  // chart's actor (by its view's panels, its children's sends are dropped); actors' own messages pass
  const system = current.actor.system as unknown as { _relay: (source: unknown, target: unknown, event: EventObject) => void };
  const chart = current.actor;
  const relay = system._relay;
  caught = [];
  system._relay = (source, target, event) => {
    if (source !== undefined) return relay(source, target, event);
    if (target === chart) caught?.push(event);
  };
  document.addEventListener('click', stay, true);
  document.addEventListener('submit', stay, true);
  const found: (Control & { element: HTMLElement })[] = [];
  try {
    const controls = [...(stageOf()?.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea, [role="button"], [role="switch"], [role="checkbox"], [role="radio"], [role="tab"], [role="option"]') ?? [])]
      .filter((el) => !el.closest('[data-beside]') && !(el as HTMLButtonElement).disabled && el.getAttribute('aria-disabled') !== 'true' && (visible(el) || hiddenButUsable(el)));
    for (const element of controls) {
      caught = [];
      let how: Control['how'];
      try {
        how = tryControl(element);
      } catch {
        continue;
      }
      for (const event of caught) found.push({ event: event.type, label: labelOf(element), how, element });
    }
    // a form whose button waits for it to be filled in is still sent by that button, once it can be
    for (const form of own('form')) {
      const button = form.querySelector<HTMLElement>('button[type="submit"], input[type="submit"]');
      if (!button || !(button as HTMLButtonElement).disabled) continue;
      caught = [];
      try {
        (form as HTMLFormElement).requestSubmit();
      } catch {
        continue;
      }
      for (const event of caught) found.push({ event: event.type, label: labelOf(button), how: 'press', element: button });
    }
    // several controls sending one event (a list of stores, a keypad): named by their group
    const byEvent = new Map<string, typeof found>();
    for (const control of found) byEvent.set(control.event, [...(byEvent.get(control.event) ?? []), control]);
    const controlsOut: Control[] = [];
    for (const [event, list] of byEvent) {
      const labels = [...new Set(list.map((c) => c.label).filter(Boolean))];
      if (labels.length <= 1) controlsOut.push({ event, label: labels[0] ?? '', how: list[0]!.how });
      else {
        const group = groupLabelOf(list.map((c) => c.element));
        controlsOut.push({ event, label: group ?? labels.slice(0, 3).join(' · '), how: 'pick' });
      }
    }
    // drawn afresh (what a tried control changed in the view's own state is gone) before the next
    // picture, which waits for its frames
    current.generation++;
    render();
    return controlsOut;
  } finally {
    document.removeEventListener('click', stay, true);
    document.removeEventListener('submit', stay, true);
    system._relay = relay;
    caught = null;
  }
}

function render() {
  const { flow, actor, alerts, language, path, generation } = current!;
  const i18n = i18ns[language];
  root!.render(
    <I18nextProvider i18n={i18n}>
      <ConfigProvider locale={antdLocaleOf(language)}>
        <Boundary key={generation}>
          <main className="kw-app">
            <Page flow={flow} actor={actor} alerts={alerts} input={path.variant.input} />
          </main>
        </Boundary>
      </ConfigProvider>
    </I18nextProvider>,
  );
}

const i18ns = { pt: createI18n('pt', { pt, en, zh, fr }), en: createI18n('en', { pt, en, zh, fr }) };

const book = {
  flows: () => Object.keys(models).map((file) => file.slice(0, -'.machine.ts'.length)),
  hasView: (flow: string) => !!VIEWS[flow],
  /** A new walk of a chart (a language): every state is new again. */
  begin() {
    seen = new Set();
    toProbe = false;
  },
  paths(flow: string): string[] {
    const model = modelOf(flow);
    if (!model) return [];
    if (!pathCache.has(flow)) pathCache.set(flow, transitionCoveringPaths(model));
    return pathCache.get(flow)!.map((p) => p.description);
  },
  /** The event of each step of a path, by type. */
  eventsOf: (flow: string, index: number) => pathCache.get(flow)![index]!.steps.map((step) => (step.event as EventObject).type),
  async start(flow: string, index: number, language: 'pt' | 'en'): Promise<StateInfo> {
    const before = book.stop();
    sessionStorage.clear();
    localStorage.clear();
    const model = modelOf(flow)!;
    const path = pathCache.get(flow)![index]!;
    const delays = Object.keys((model.machine as AnyStateMachine).implementations.delays ?? {});
    const machine = delays.length ? model.machine.provide({ delays: Object.fromEntries(delays.map((d) => [d, FOREVER])) } as never) : model.machine;
    const actor = createActor(machine, { input: path.variant.input as never });
    actor.start();
    const alerts = listeningAlerts();
    current = { actor, alerts, path, flow, language, generation: 0 };
    document.documentElement.lang = language === 'pt' ? 'pt-AO' : language;
    root = createRoot(document.getElementById('root')!);
    render();
    return { ...(await info(undefined)), probed: before };
  },
  async step(index: number): Promise<StateInfo> {
    const before = probed();
    const step = current!.path.steps[index]!;
    current!.actor.send(step.event as EventObject);
    return { ...(await info(step.state.value)), probed: before };
  },
  /** Ends the path; the controls of its last picture, if they were not tried yet. */
  stop(): Control[] | null {
    const before = current ? probed() : null;
    root?.unmount();
    root = null;
    current?.actor.stop();
    current?.alerts?.stop();
    current = null;
    window.scrollTo(0, 0);
    return before;
  },
};

(window as unknown as { __book: typeof book }).__book = book;
document.body.dataset.ready = 'true';
