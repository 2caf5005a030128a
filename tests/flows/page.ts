/**
 * The flow book's HTML: an index of every chart and a page per chart (diagram, facts, the screens
 * per state in pt and en, the Stately export). Static files with one small script (copy button,
 * zoom, language switch): nothing runs a layout engine in the browser and nothing is fetched from
 * the internet.
 */
import type { FlowEntry } from './catalogue.ts';
import type { Diagram } from './diagram.ts';
import type { Control, ScreenText } from './harness/main.tsx';

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

const HEAD = (title: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title><link rel="stylesheet" href="book.css"></head>`;

export const BOOK_CSS = `
:root{--ink:#1c1f23;--muted:#5b6470;--line:#d6dae0;--accent:#0b63ce;--bg:#f6f7f9;--warn:#a4262c}
*{box-sizing:border-box}
body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:var(--bg)}
header.top{background:#fff;border-bottom:1px solid var(--line);padding:12px 16px;position:sticky;top:0;z-index:2}
header.top a{color:var(--accent);text-decoration:none}
main{padding:16px;max-width:1200px;margin:0 auto}
h1{font-size:22px;margin:4px 0}h2{font-size:18px;margin:24px 0 8px}h3{font-size:15px;margin:16px 0 6px}
.muted{color:var(--muted)}.warn{color:var(--warn);font-weight:600}
code{font:13px ui-monospace,SFMono-Regular,Menlo,monospace;background:#eceef1;border-radius:4px;padding:1px 4px;overflow-wrap:anywhere}
.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(300px,1fr));gap:12px;padding:0;list-style:none}
.card{background:#fff;border:1px solid var(--line);border-radius:10px;padding:12px 14px}
.card h2{margin:0 0 4px;font-size:17px}.card h2 a{color:var(--accent);text-decoration:none}
.card p{margin:4px 0}.chips{display:flex;flex-wrap:wrap;gap:4px;margin:4px 0}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:4px 12px;margin:8px 0}dl.facts dt{color:var(--muted)}dl.facts dd{margin:0}
.diagram{background:#fff;border:1px solid var(--line);border-radius:10px;overflow:auto;max-height:80vh;-webkit-overflow-scrolling:touch;touch-action:pan-x pan-y pinch-zoom}
.diagram svg{display:block;transform-origin:0 0}
.tools{display:flex;gap:8px;flex-wrap:wrap;align-items:center;margin:8px 0}
button{font:inherit;border:1px solid var(--line);background:#fff;border-radius:8px;padding:6px 12px;cursor:pointer;min-height:36px}
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
.shots{display:grid;grid-template-columns:repeat(auto-fill,minmax(340px,1fr));gap:14px;list-style:none;padding:0}
.shots li{min-width:0;background:#fff;border:1px solid var(--line);border-radius:10px;padding:8px}
.shots li:target{outline:3px solid var(--accent)}
.shots img{width:100%;height:auto;border:1px solid var(--line);border-radius:6px;display:block}
.shots .pair{display:grid;grid-template-columns:1fr 1fr;gap:6px}
.shots figure{margin:0}.shots figcaption{font-size:12px;color:var(--muted)}
body.lang-pt .shots .en,body.lang-en .shots .pt{display:none}
body.lang-pt .shots .pair,body.lang-en .shots .pair{grid-template-columns:1fr}
.shots h3{font-size:13px;margin:0 0 6px;overflow-wrap:anywhere}
pre.source{background:#fff;border:1px solid var(--line);border-radius:10px;padding:12px;overflow:auto;max-height:60vh;font-size:12px}
@media (max-width:600px){main{padding:10px}.shots{grid-template-columns:1fr;gap:10px}dl.facts{grid-template-columns:1fr}dl.facts dt{margin-top:6px}}
`;

export const BOOK_JS = `
document.addEventListener('click', (event) => {
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
    const svg = document.querySelector('.diagram svg');
    const base = Number(svg.getAttribute('width'));
    const current = svg.getBoundingClientRect().width / base;
    const box = document.querySelector('.diagram');
    const factor = button.dataset.zoom === 'fit' ? Math.min(1, (box.clientWidth - 4) / base) : current * Number(button.dataset.zoom);
    svg.style.width = (base * factor) + 'px';
    svg.style.height = (Number(svg.getAttribute('height')) * factor) + 'px';
  } else if (action === 'language') {
    document.body.className = 'lang-' + button.dataset.language;
  }
});
// a wide chart opens fitted to the screen, never below half size (zoom out for the rest)
addEventListener('DOMContentLoaded', () => {
  const svg = document.querySelector('.diagram svg');
  if (!svg) return;
  const base = Number(svg.getAttribute('width'));
  const factor = Math.min(1, Math.max(0.5, (document.querySelector('.diagram').clientWidth - 4) / base));
  svg.style.width = (base * factor) + 'px';
  svg.style.height = (Number(svg.getAttribute('height')) * factor) + 'px';
});
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

export function indexPage(entries: FlowEntry[], reports: Map<string, ShotReport>, generatedAt: string): string {
  const cards = entries.map((e) => {
    const report = reports.get(e.flow);
    const warnings = [
      ...(e.loadError ? [e.loadError] : []),
      ...(e.purpose ? [] : ['no header comment']),
      ...(e.screens.length || e.parents.length ? [] : ['no screens']),
    ];
    return `<li class="card" id="${e.flow}"><h2><a href="${e.flow}.html">${escape(e.flow)}</a></h2>
<p>${e.purpose ? escape(e.purpose) : '<span class="warn">No header comment.</span>'}</p>
${warnings.length ? `<p class="warn">${warnings.map(escape).join(' · ')}</p>` : ''}
<dl class="facts">
<dt>States</dt><dd>${chips(leafPaths(e))}</dd>
<dt>Events</dt><dd>${chips(e.chart?.events ?? [])}</dd>
<dt>Invokes</dt><dd>${chips(e.chart?.actors ?? [])}</dd>
<dt>Gateway calls</dt><dd>${chips(e.services)}</dd>
<dt>Screens</dt><dd>${chips(e.screens, e.parents.length ? 'shown inside its parents' : 'none')}${e.parents.length ? ` <span class="muted">inside</span> ${e.parents.map((p) => `<a href="${p}.html">${p}</a>`).join(', ')}` : ''}</dd>
<dt>Pictures</dt><dd>${report ? `${report.shots.length} (${new Set(report.shots.map((s) => s.state)).size} states × pt, en)` : '<span class="muted">not taken</span>'}</dd>
</dl></li>`;
  });
  return `${HEAD('Flow book')}
<body><header class="top"><strong>Flow book</strong> · <span class="muted">${entries.length} charts of machines/, generated ${escape(generatedAt)}</span></header>
<main><p>Every statechart of the app: what it is for, its diagram laid out from the chart itself, and the screen a person sees in each state (pt and en), taken in Chromium along the same model-based paths the coverage gate runs.</p>
<ul class="cards">${cards.join('\n')}</ul></main></body></html>
`;
}

export function flowPage(entry: FlowEntry, diagram: Diagram | null, source: string | null, report: ShotReport | undefined): string {
  const chart = entry.chart;
  const byState = new Map<string, Shot[]>();
  for (const shot of report?.shots ?? []) byState.set(shot.state, [...(byState.get(shot.state) ?? []), shot]);
  const shotItems = [...byState.entries()].map(([state, shots], i) => {
    const figure = (language: 'pt' | 'en') => {
      const shot = shots.find((s) => s.language === language);
      return shot ? `<figure class="${language}"><img loading="lazy" src="${escape(shot.file)}" alt="${escape(`${entry.flow} in ${state}, ${language}`)}" width="${shot.width}" height="${shot.height}"><figcaption>${language}</figcaption></figure>` : '';
    };
    return `<li id="shot-${i}" data-active="${escape(shots[0]!.active.join(' '))}"><h3 title="${escape(state)}">${escape(readableState(state))}</h3><div class="pair">${figure('pt')}${figure('en')}</div><p class="muted" style="font-size:12px;margin:6px 0 0">${escape(shots[0]!.path)}</p></li>`;
  });
  // states left by an eventless transition are passed through, never shown
  const passed = new Set((chart?.transitions ?? []).filter((t) => t.kind === 'always').map((t) => t.source));
  const unseen = chart ? chart.states.filter((s) => s.path && s.type !== 'history' && !passed.has(s.id) && !(report?.shots ?? []).some((shot) => shot.active.includes(s.path))).map((s) => s.path) : [];
  return `${HEAD(`${entry.flow} · Flow book`)}
<body class="lang-both"><header class="top"><a href="index.html">Flow book</a> › <strong>${escape(entry.flow)}</strong></header>
<main>
<h1>${escape(entry.flow)}</h1>
<p>${entry.header ? escape(entry.header) : '<span class="warn">No header comment.</span>'}</p>
${entry.loadError ? `<p class="warn">${escape(entry.loadError)}</p>` : ''}
<dl class="facts">
<dt>Chart</dt><dd><code>machines/${escape(entry.file)}</code> · <code>${escape(entry.exportName)}</code></dd>
<dt>Events</dt><dd>${chips(chart?.events ?? [])}</dd>
<dt>Invokes</dt><dd>${chips(chart?.actors ?? [])}</dd>
<dt>Gateway calls</dt><dd>${chips(entry.services)}</dd>
<dt>Guards</dt><dd>${chips(chart?.guards ?? [])}</dd>
<dt>Actions</dt><dd>${chips(chart?.actions ?? [])}</dd>
<dt>Delays</dt><dd>${chips(chart?.delays ?? [])}</dd>
<dt>Screens</dt><dd>${chips(entry.screens, 'none')}${entry.parents.length ? ` · shown inside ${entry.parents.map((p) => `<a href="${p}.html">${p}</a>`).join(', ')}` : ''}</dd>
</dl>
<h2>Diagram</h2>
<div class="tools"><button data-action="zoom" data-zoom="fit">Fit</button><button data-action="zoom" data-zoom="1.25">Zoom in</button><button data-action="zoom" data-zoom="0.8">Zoom out</button><span class="muted">Tap a state to see its screen.</span></div>
<div class="diagram">${diagram ? diagram.svg : '<p class="warn">No diagram: the chart did not load.</p>'}</div>
<h2>Screens per state</h2>
<div class="tools"><button data-action="language" data-language="both">pt + en</button><button data-action="language" data-language="pt">pt</button><button data-action="language" data-language="en">en</button></div>
${report?.problems.length ? `<ul class="warn">${report.problems.map((p) => `<li>${escape(p)}</li>`).join('')}</ul>` : ''}
${shotItems.length ? `<ul class="shots">${shotItems.join('\n')}</ul>` : '<p class="muted">No screenshots for this chart.</p>'}
${unseen.length && shotItems.length ? `<p class="muted">States in no picture: ${chips(unseen)}</p>` : ''}
<h2>Copy for Stately</h2>
<div class="tools"><button class="primary" data-action="copy">Copy for Stately</button><span class="muted">Paste into stately.ai/editor (Import → code). Implementations are referenced by name.</span></div>
<pre class="source" id="stately-source">${source ? escape(source) : ''}</pre>
</main><script src="book.js"></script></body></html>
`;
}
