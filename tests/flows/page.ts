/**
 * The flow book's HTML: an index of every chart and a page per chart (diagram, the screens per
 * state in pt and en, what can happen in each, the Stately export). Read first in plain words
 * (captions.ts: what the screens say, what a person does, what the server answers); the chart's
 * own names (states, events, guards, actors, the model paths) are one click away, in the
 * "Technical" view, which the reader's choice keeps from page to page. Static files with one
 * small script (the two views, language, zoom, enlarged pictures, copy): nothing runs a layout
 * engine in the browser and nothing is fetched from the internet.
 */
import { ROUTES } from '../../services/routeTable.ts';
import type { FlowEntry } from './catalogue.ts';
import { activeOf, chartTitle, localeText, type Captions, type Language } from './captions.ts';
import type { Diagram } from './diagram.ts';
import type { Control, ScreenText } from './harness/main.tsx';
import type { Phrase } from './words.ts';

export interface Shot {
  /** `JSON.stringify(snapshot.value)`: the whole configuration the screen was in. */
  state: string;
  /** The state nodes active in it, as dot paths (`dynamic`, `dynamic.showing`…). */
  active: string[];
  language: 'pt' | 'en';
  file: string;
  /** The model path that reached it first (its description). */
  path: string;
  /** The picture's size in CSS pixels (its file has twice as many). */
  width: number;
  height: number;
  /** The screen's heading and message in this state. */
  screen: ScreenText | null;
  /** The controls of the screen and the events they send. */
  controls: Control[];
  /** The state value that path started in. */
  start: string;
  /** How that path came here: each step's event and the state value it reached. */
  steps: { event: string; state: string }[];
}

export interface ShotReport {
  flow: string;
  /** Why no picture was taken, when none was (no screen for the chart, a path the screen left). */
  problems: string[];
  shots: Shot[];
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A phrase as the page shows it, in the language chosen (English beside both languages' pictures). */
const say = (phrase: Phrase) => (phrase.pt === phrase.en ? escape(phrase.pt) : `<span class="l-pt" lang="pt">${escape(phrase.pt)}</span><span class="l-en" lang="en">${escape(phrase.en)}</span>`);
const both = (make: (language: Language) => string): Phrase => ({ pt: make('pt'), en: make('en') });

const HEAD = (title: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title><link rel="stylesheet" href="book.css"></head>`;

/** The top bar: where the reader is, and the two switches (plain words or technical; the language). */
const TOP = (where: string) => `<header class="top"><nav class="where">${where}</nav>
<div class="switches"><span class="switch" role="group" aria-label="View"><button type="button" data-action="view" data-view="plain" aria-pressed="true">Plain words</button><button type="button" data-action="view" data-view="technical" aria-pressed="false">Technical</button></span>
<span class="switch" role="group" aria-label="Language"><button type="button" data-action="language" data-language="both" aria-pressed="true">pt + en</button><button type="button" data-action="language" data-language="pt" aria-pressed="false">pt</button><button type="button" data-action="language" data-language="en" aria-pressed="false">en</button></span></div></header>`;

export const BOOK_CSS = `
:root{--ink:#1c1f23;--muted:#5b6470;--line:#d6dae0;--accent:#0b63ce;--bg:#f6f7f9;--warn:#a4262c}
*{box-sizing:border-box}
body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:var(--bg)}
header.top{background:#fff;border-bottom:1px solid var(--line);padding:8px 16px;position:sticky;top:0;z-index:2;display:flex;flex-wrap:wrap;gap:6px 16px;align-items:center;justify-content:space-between}
header.top a{color:var(--accent);text-decoration:none}
.switches{display:flex;flex-wrap:wrap;gap:8px}.switch{display:inline-flex}
.switch button{border-radius:0;min-height:32px;padding:4px 10px;font-size:14px}.switch button:first-child{border-radius:8px 0 0 8px}.switch button:last-child{border-radius:0 8px 8px 0}.switch button+button{margin-left:-1px}
.switch button[aria-pressed="true"]{background:var(--accent);border-color:var(--accent);color:#fff}
main{padding:16px;max-width:1200px;margin:0 auto}
h1{font-size:24px;margin:4px 0}h2{font-size:19px;margin:28px 0 8px}h3{font-size:16px;margin:0 0 6px}h4{font-size:14px;margin:12px 0 4px;color:var(--muted)}
.muted{color:var(--muted)}.warn{color:var(--warn);font-weight:600}
code{font:13px ui-monospace,SFMono-Regular,Menlo,monospace;background:#eceef1;border-radius:4px;padding:1px 4px;overflow-wrap:anywhere}
h1 code,h2 code{font-size:14px;font-weight:400;vertical-align:middle}
body.view-plain .technical-only,body.view-technical .plain-only{display:none!important}
body.lang-pt .l-en,body.lang-en .l-pt,body.lang-both .l-pt,body.lang-pt .pic-en,body.lang-en .pic-pt{display:none!important}
.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(300px,1fr));gap:12px;padding:0;list-style:none}
.card{background:#fff;border:1px solid var(--line);border-radius:10px;padding:12px 14px;display:flex;flex-direction:column;gap:4px}
.card .head{display:flex;gap:12px;align-items:flex-start}
.card .thumb{flex:0 0 96px}.card .thumb img{width:96px;height:auto;border:1px solid var(--line);border-radius:6px;display:block}
.card h2{margin:0 0 4px;font-size:17px}.card h2 a{color:var(--accent);text-decoration:none}
.card p{margin:4px 0}.chips{display:flex;flex-wrap:wrap;gap:4px;margin:4px 0}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:4px 12px;margin:8px 0}dl.facts dt{color:var(--muted)}dl.facts dd{margin:0}
.diagram{background:#fff;border:1px solid var(--line);border-radius:10px;overflow:auto;max-height:80vh;-webkit-overflow-scrolling:touch;touch-action:pan-x pan-y pinch-zoom}
.diagram svg{display:block;transform-origin:0 0}
.tools{display:flex;gap:8px;flex-wrap:wrap;align-items:center;margin:8px 0}
button{font:inherit;border:1px solid var(--line);background:#fff;border-radius:8px;padding:6px 12px;cursor:pointer;min-height:36px;color:var(--ink)}
button.primary{background:var(--accent);color:#fff;border-color:var(--accent)}
svg.chart{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
svg .state rect{fill:#fff;stroke:#44505c;stroke-width:1.2}
svg .state.group>rect{fill:#f3f6fa}
svg .state.region>rect{stroke-dasharray:6 4}
svg .state.final rect{stroke-width:1.6}
svg .state.final rect.inner{fill:none}
svg .state.target>rect{stroke:var(--accent);stroke-width:3}
svg .state .name{font-size:13px;font-weight:600;fill:var(--ink)}
svg .state .detail{font-size:11px;fill:var(--muted)}
svg .initial{fill:var(--ink)}
svg .edge{fill:none;stroke:#6b7785;stroke-width:1.2}
svg .edge.after{stroke-dasharray:5 3}svg .edge.error{stroke:#b4452a}svg .edge.done{stroke:#2b7a3d}
svg marker path{fill:#6b7785}
svg .label rect{fill:#fff;opacity:.9}svg .label text{font-size:11px;fill:#2a323b}
svg .label.after text{fill:#6a4c9c}svg .label.error text{fill:#b4452a}svg .label.done text{fill:#2b7a3d}
svg .state[data-state]{cursor:pointer}
ol.states{list-style:none;padding:0;margin:0;display:flex;flex-direction:column;gap:14px}
.state-card{background:#fff;border:1px solid var(--line);border-radius:10px;padding:12px;display:flex;flex-wrap:wrap;gap:12px 16px;align-items:flex-start;scroll-margin-top:64px}
.state-card>h3{flex:1 1 100%;margin:0;font-size:17px}.state-card>h3 code{font-size:12px;font-weight:400}
.state-card:target{outline:3px solid var(--accent)}
.pictures{display:flex;flex-wrap:wrap;gap:12px;flex:0 1 auto;min-width:0}
.pictures figure{margin:0;flex:0 1 340px;min-width:300px;max-width:360px}
.pictures img{width:100%;height:auto;border:1px solid var(--line);border-radius:8px;display:block;background:#fff}
.pictures a{display:block;cursor:zoom-in}
.pictures figcaption{font-size:12px;color:var(--muted);margin-top:2px}
.about{flex:1 1 300px;min-width:0}.about h4:first-child{margin-top:0}
.ways{padding-left:18px;margin:4px 0}.ways li{margin:4px 0}
.ways .to{color:var(--muted)}.ways a{color:var(--accent);text-decoration:none}
.ways .arrow{color:var(--muted)}
details.route summary{cursor:pointer;color:var(--accent);margin-top:10px}
details.route ol{padding-left:20px;margin:6px 0}
.path{font-size:12px;margin:6px 0 0}
pre.source{background:#fff;border:1px solid var(--line);border-radius:10px;padding:12px;overflow:auto;max-height:60vh;font-size:12px}
dialog.zoom{padding:0;border:0;border-radius:10px;max-width:96vw;max-height:96vh;overflow:auto;background:#fff}
dialog.zoom::backdrop{background:rgba(20,24,28,.75)}
dialog.zoom img{display:block;width:min(780px,94vw);height:auto}
dialog.zoom p{margin:0;padding:6px 10px;font-size:13px;display:flex;justify-content:space-between;gap:8px;align-items:center;position:sticky;top:0;background:#fff;border-bottom:1px solid var(--line)}
@media (max-width:600px){main{padding:10px}.state-card{padding:10px;scroll-margin-top:96px}.pictures figure{flex-basis:100%;min-width:0;max-width:none}dl.facts{grid-template-columns:1fr}dl.facts dt{margin-top:6px}header.top{padding:6px 10px}}
`;

export const BOOK_JS = `
const PREFS = 'flowbook.prefs';
const prefs = (() => { try { return JSON.parse(localStorage.getItem(PREFS)) || {}; } catch { return {}; } })();
function apply() {
  document.body.classList.remove('view-plain', 'view-technical', 'lang-both', 'lang-pt', 'lang-en');
  document.body.classList.add('view-' + (prefs.view || 'plain'), 'lang-' + (prefs.language || 'both'));
  for (const b of document.querySelectorAll('button[data-view]')) b.setAttribute('aria-pressed', String(b.dataset.view === (prefs.view || 'plain')));
  for (const b of document.querySelectorAll('button[data-language]')) b.setAttribute('aria-pressed', String(b.dataset.language === (prefs.language || 'both')));
  for (const box of document.querySelectorAll('.diagram')) fit(box, false);
}
function save() { try { localStorage.setItem(PREFS, JSON.stringify(prefs)); } catch {} }
// a wide chart opens fitted to the screen, never below half size (zoom out for the rest)
function fit(box, force) {
  const svg = box.querySelector('svg');
  if (!svg || !box.clientWidth || (svg.dataset.fitted && !force)) return;
  const base = Number(svg.getAttribute('width'));
  const factor = force ? Math.min(1, (box.clientWidth - 4) / base) : Math.min(1, Math.max(0.5, (box.clientWidth - 4) / base));
  svg.style.width = (base * factor) + 'px';
  svg.style.height = (Number(svg.getAttribute('height')) * factor) + 'px';
  svg.dataset.fitted = 'true';
}
const shownDiagram = () => [...document.querySelectorAll('.diagram')].find((box) => box.clientWidth > 0);
document.addEventListener('click', (event) => {
  const zoomed = event.target.closest('a[data-zoom]');
  const dialog = document.getElementById('zoom');
  if (zoomed && dialog && dialog.showModal) {
    event.preventDefault();
    dialog.querySelector('img').src = zoomed.getAttribute('href');
    dialog.querySelector('img').alt = zoomed.querySelector('img').alt;
    dialog.querySelector('.what').textContent = zoomed.querySelector('img').alt;
    dialog.showModal();
    dialog.scrollTop = 0;
    return;
  }
  if (dialog && dialog.open && event.target.closest('dialog')) { dialog.close(); return; }
  const button = event.target.closest('button[data-action]');
  if (!button) {
    const state = event.target.closest('svg [data-state]');
    if (state) {
      const shot = document.querySelector('[data-active~="' + CSS.escape(state.dataset.state) + '"]');
      if (shot) { location.hash = shot.id; }
    }
    return;
  }
  const action = button.dataset.action;
  if (action === 'copy') {
    const text = document.getElementById('stately-source').textContent;
    const done = () => { button.textContent = 'Copied'; setTimeout(() => (button.textContent = 'Copy for Stately'), 1500); };
    if (navigator.clipboard) navigator.clipboard.writeText(text).then(done, () => fallback(text, done)); else fallback(text, done);
  } else if (action === 'zoom') {
    const box = shownDiagram();
    if (!box) return;
    if (button.dataset.zoom === 'fit') return fit(box, true);
    const svg = box.querySelector('svg');
    const base = Number(svg.getAttribute('width'));
    const factor = svg.getBoundingClientRect().width / base * Number(button.dataset.zoom);
    svg.style.width = (base * factor) + 'px';
    svg.style.height = (Number(svg.getAttribute('height')) * factor) + 'px';
  } else if (action === 'language') {
    prefs.language = button.dataset.language; save(); apply();
  } else if (action === 'view') {
    prefs.view = button.dataset.view; save(); apply();
  }
});
addEventListener('DOMContentLoaded', apply);
function fallback(text, done) {
  const area = document.createElement('textarea');
  area.value = text; document.body.append(area); area.select(); document.execCommand('copy'); area.remove(); done();
}
`;

/** A state value as a person reads it: `dynamic › showing › waiting`, parallel regions side by side. */
export function readableState(json: string): string {
  const show = (value: unknown): string => {
    if (typeof value === 'string') return value;
    const entries = Object.entries((value ?? {}) as Record<string, unknown>);
    const parts = entries.map(([key, child]) => `${key} › ${show(child)}`);
    return parts.length > 1 ? `(${parts.join(' | ')})` : (parts[0] ?? '');
  };
  try {
    return show(JSON.parse(json)).replace(/^\((.*)\)$/, '$1');
  } catch {
    return json;
  }
}

function chips(list: string[], empty = '—'): string {
  return list.length ? `<span class="chips">${list.map((x) => `<code>${escape(x)}</code>`).join(' ')}</span>` : `<span class="muted">${empty}</span>`;
}

/** Leaf states as `parent.child` paths: what a person can be in. */
export function leafPaths(entry: FlowEntry): string[] {
  return (entry.chart?.states ?? []).filter((s) => s.children.length === 0 && s.type !== 'history').map((s) => s.path);
}

/** Where a chart is seen: on its own pages (their titles), inside the charts that show it, or over other pages. */
function shownOn(entry: FlowEntry): string {
  const own = ROUTES.filter((r) => r.screen.startsWith(`${entry.flow}/`));
  if (own.length) {
    const seen = new Set<string>();
    return `on ${own.filter((r) => !seen.has(r.title) && seen.add(r.title)).map((r) => `${say(both((l) => localeText(l, r.title) ?? r.title))} <code class="technical-only">${escape(r.path)}</code>`).join(', ')}`;
  }
  if (entry.parents.length) return `inside ${entry.parents.map((p) => `<a href="${p}.html">${say(chartTitle(p))}</a>`).join(', ')}`;
  return 'over other pages';
}

/** The technical facts of a chart (the index's card, the chart's page). */
function technicalFacts(entry: FlowEntry, more: string): string {
  const chart = entry.chart;
  return `<dl class="facts technical-only">
<dt>Chart</dt><dd><code>machines/${escape(entry.file)}</code> · <code>${escape(entry.exportName)}</code></dd>
${more}
<dt>Events</dt><dd>${chips(chart?.events ?? [])}</dd>
<dt>Invokes</dt><dd>${chips(chart?.actors ?? [])}</dd>
<dt>Gateway calls</dt><dd>${chips(entry.services)}</dd>
<dt>Guards</dt><dd>${chips(chart?.guards ?? [])}</dd>
<dt>Actions</dt><dd>${chips(chart?.actions ?? [])}</dd>
<dt>Delays</dt><dd>${chips(chart?.delays ?? [])}</dd>
<dt>Screens</dt><dd>${chips(entry.screens, 'none')}${entry.parents.length ? ` · shown inside ${entry.parents.map((p) => `<a href="${p}.html">${p}</a>`).join(', ')}` : ''}</dd>
</dl>`;
}

export function indexPage(entries: FlowEntry[], reports: Map<string, ShotReport>, captions: Map<string, Captions>, generatedAt: string): string {
  const cards = entries.map((e) => {
    const report = reports.get(e.flow);
    const warnings = [
      ...(e.loadError ? [e.loadError] : []),
      ...(e.purpose ? [] : ['no header comment']),
      ...(e.screens.length || e.parents.length ? [] : ['no screens']),
    ];
    const states = new Set(report?.shots.map((s) => s.state)).size;
    // the first screen that says what it asks (a heading), not a "Loading…"
    const first = (language: Language) => {
      const shots = report?.shots.filter((s) => s.language === language) ?? [];
      return shots.find((s) => s.screen?.heading) ?? shots.find((s) => s.screen?.messages.some((m) => m.tone === 'alert')) ?? shots[0];
    };
    const thumb = (['pt', 'en'] as const).map((l) => first(l) && `<img class="l-${l}" src="${escape(first(l)!.file)}" alt="" loading="lazy" width="96" height="${Math.round((96 * first(l)!.height) / first(l)!.width)}">`).filter(Boolean).join('');
    return `<li class="card" id="${e.flow}"><div class="head">${thumb ? `<a class="thumb" href="${e.flow}.html" tabindex="-1" aria-hidden="true">${thumb}</a>` : ''}<div>
<h2><a href="${e.flow}.html">${say(captions.get(e.flow)?.title ?? chartTitle(e.flow))}</a> <code class="technical-only">${escape(e.flow)}</code></h2>
<p>${e.purpose ? escape(e.purpose) : '<span class="warn">No header comment.</span>'}</p>
<p class="muted">Shown ${shownOn(e)}<br>${states ? `${states} screens, in pt and en` : 'No screens photographed'}</p></div></div>
${warnings.length ? `<p class="warn">${warnings.map(escape).join(' · ')}</p>` : ''}
${technicalFacts(e, `<dt>States</dt><dd>${chips(leafPaths(e))}</dd><dt>Pictures</dt><dd>${report ? `${report.shots.length} (${states} states × pt, en)` : '<span class="muted">not taken</span>'}</dd>`)}
</li>`;
  });
  return `${HEAD('Flow book')}
<body class="view-plain lang-both">${TOP(`<strong>Flow book</strong> · <span class="muted">${entries.length} flows, generated ${escape(generatedAt)}</span>`)}
<main><p>Every flow of the app: what it is for, a diagram of its steps, and the screen a person sees at each step in Portuguese and English, with what they can do there and what happens next. <span class="plain-only muted">The chart's own names (states, events, conditions) are under “Technical”.</span><span class="technical-only muted">Each statechart of machines/, its diagram laid out from the chart itself, and its screens taken in Chromium along the same model-based paths the coverage gate runs.</span></p>
<ul class="cards">${cards.join('\n')}</ul></main><script src="book.js"></script></body></html>
`;
}

/** A state value's caption: its active leaf states' captions (the regions' side by side). */
function valueCaption(json: string, captions: Captions, pathToId: Map<string, string>): Phrase {
  const active = activeOf(json);
  const leaves = active.filter((a) => !active.some((b) => b.startsWith(`${a}.`)));
  const phrases = leaves.map((leaf) => captions.states.get(pathToId.get(leaf) ?? '')).filter((x): x is Phrase => !!x);
  const unique = (language: Language) => [...new Set(phrases.map((p) => p[language]))].join(' · ');
  return both(unique);
}

export function flowPage(entry: FlowEntry, diagrams: { plain: Diagram | null; technical: Diagram | null }, source: string | null, report: ShotReport | undefined, captions: Captions | null): string {
  const chart = entry.chart;
  const pathToId = new Map((chart?.states ?? []).map((s) => [s.path, s.id]));
  const idToPath = new Map((chart?.states ?? []).map((s) => [s.id, s.path]));
  const byState = new Map<string, Shot[]>();
  for (const shot of report?.shots ?? []) byState.set(shot.state, [...(byState.get(shot.state) ?? []), shot]);
  const values = [...byState.keys()];
  const cardOf = (statePath: string) => values.findIndex((v) => statePath === '' || activeOf(v).includes(statePath));
  const title = captions?.title ?? chartTitle(entry.flow);

  const shotItems = values.map((state, i) => {
    const shots = byState.get(state)!;
    const caption = captions ? valueCaption(state, captions, pathToId) : both(() => readableState(state));
    const figure = (language: Language) => {
      const shot = shots.find((s) => s.language === language);
      if (!shot) return '';
      const alt = `${language === 'pt' ? caption.pt : caption.en} (${title[language]}, ${language})`;
      return `<figure class="pic-${language}"><a href="${escape(shot.file)}" data-zoom><img loading="lazy" src="${escape(shot.file)}" alt="${escape(alt)}" width="${shot.width}" height="${shot.height}"></a><figcaption>${language === 'pt' ? 'Português' : 'English'}</figcaption></figure>`;
    };
    // what can happen here: every transition of an active state, the innermost first
    const active = activeOf(state);
    const ways = (chart?.transitions ?? [])
      .filter((t) => { const from = idToPath.get(t.source) ?? ''; return from === '' || active.includes(from); })
      .sort((a, b) => (idToPath.get(b.source) ?? '').split('.').length - (idToPath.get(a.source) ?? '').split('.').length);
    const wayItems = ways.map((t) => {
      const words = captions?.transitions.get(t);
      const targets = t.targets.map((id) => {
        const target = idToPath.get(id) ?? '';
        const card = cardOf(target);
        const name = captions?.states.get(id);
        const plain = name ? say(name) : escape(target);
        return `<span class="plain-only">${card >= 0 && card !== i ? `<a href="#shot-${card}">${plain}</a>` : plain}</span><code class="technical-only">${escape(target || chart!.id)}</code>`;
      });
      const technical = `<code>${escape(t.label)}${t.guard ? ` [${escape(t.guard)}]` : ''}</code>${t.actions.length ? ` <span class="muted">/ ${escape(t.actions.join(', '))}</span>` : ''}`;
      return `<li>${words ? `<span class="plain-only">${say(both((l) => words[l].charAt(0).toUpperCase() + words[l].slice(1)))}</span>` : ''}<span class="${words ? 'technical-only' : ''}">${technical}</span> <span class="arrow">→</span> <span class="to">${targets.length ? targets.join(', ') : '<span class="plain-only">stays on this screen</span><span class="technical-only">(no target)</span>'}</span></li>`;
    });
    // how the path the picture was taken on came here
    const first = shots[0]!;
    const stepItems = captions
      ? [
          `<li>Starts at «${say(valueCaption(first.start, captions, pathToId))}»</li>`,
          ...first.steps.map((step, n) => {
            const from = n === 0 ? first.start : first.steps[n - 1]!.state;
            const what = both((l) => { const w = captions.step(l, from, step.event, step.state); return w.charAt(0).toUpperCase() + w.slice(1); });
            return `<li>${say(what)} → «${say(valueCaption(step.state, captions, pathToId))}»</li>`;
          }),
        ]
      : [];
    return `<li class="state-card" id="shot-${i}" data-active="${escape(first.active.join(' '))}">
<h3>${say(caption)} <code class="technical-only" title="${escape(state)}">${escape(readableState(state))}</code></h3>
<div class="pictures">${figure('pt')}${figure('en')}</div>
<div class="about">
<h4>What can happen here</h4>
${wayItems.length ? `<ul class="ways">${wayItems.join('')}</ul>` : '<p class="muted">Nothing: the flow ends here.</p>'}
${stepItems.length > 1 ? `<details class="route plain-only"><summary>How to get here</summary><ol>${stepItems.join('')}</ol></details>` : ''}
<p class="technical-only muted path">Model path: ${escape(first.path)}</p></div></li>`;
  });
  // states left by an eventless transition are passed through, never shown
  const passed = new Set((chart?.transitions ?? []).filter((t) => t.kind === 'always').map((t) => t.source));
  const unseen = chart ? chart.states.filter((s) => s.path && s.type !== 'history' && !passed.has(s.id) && !(report?.shots ?? []).some((shot) => shot.active.includes(s.path))).map((s) => s.path) : [];
  const diagram = (d: Diagram | null, view: 'plain' | 'technical') => `<div class="diagram ${view}-only">${d ? d.svg : '<p class="warn">No diagram: the chart did not load.</p>'}</div>`;
  return `${HEAD(`${title.en} · Flow book`)}
<body class="view-plain lang-both">${TOP(`<a href="index.html">Flow book</a> › <strong>${say(title)}</strong>`)}
<main>
<h1>${say(title)} <code class="technical-only">${escape(entry.flow)}</code></h1>
<p class="plain-only">${entry.purpose ? escape(entry.purpose) : '<span class="warn">No header comment.</span>'}</p>
<p class="technical-only">${entry.header ? escape(entry.header) : '<span class="warn">No header comment.</span>'}</p>
${entry.loadError ? `<p class="warn">${escape(entry.loadError)}</p>` : ''}
<dl class="facts plain-only"><dt>Shown</dt><dd>${shownOn(entry)}</dd><dt>Screens</dt><dd>${values.length ? `${values.length}, each in Portuguese and English, photographed along the paths the tests walk` : 'none photographed'}</dd></dl>
${technicalFacts(entry, '')}
<h2>Diagram</h2>
<div class="tools"><button data-action="zoom" data-zoom="fit">Fit</button><button data-action="zoom" data-zoom="1.25">Zoom in</button><button data-action="zoom" data-zoom="0.8">Zoom out</button><span class="muted">Tap a step to see its screen.</span></div>
${diagram(diagrams.plain ?? diagrams.technical, 'plain')}${diagram(diagrams.technical, 'technical')}
<h2>Screens, step by step</h2>
<p class="muted">Each screen as the app shows it, in Portuguese and English; tap a picture to enlarge it.</p>
${report?.problems.length ? `<ul class="warn">${report.problems.map((p) => `<li>${escape(p)}</li>`).join('')}</ul>` : ''}
${shotItems.length ? `<ol class="states">${shotItems.join('\n')}</ol>` : '<p class="muted">No screenshots for this chart.</p>'}
${unseen.length && shotItems.length ? `<p class="muted technical-only">States in no picture: ${chips(unseen)}</p>` : ''}
${captions?.missing.length ? `<p class="muted technical-only">Read as words (nothing in tests/flows/words.ts, nor a screen that says it): ${chips(captions.missing)}</p>` : ''}
<h2>Copy for Stately</h2>
<div class="tools"><button class="primary" data-action="copy">Copy for Stately</button><span class="muted">Paste into stately.ai/editor (Import → code). Implementations are referenced by name.</span></div>
<pre class="source" id="stately-source">${source ? escape(source) : ''}</pre>
<dialog class="zoom" id="zoom"><p><span class="what"></span><button type="button">Close</button></p><img alt=""></dialog>
</main><script src="book.js"></script></body></html>
`;
}
