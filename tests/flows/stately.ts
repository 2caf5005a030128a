/**
 * The "copy for Stately" source of a chart: its definition (`machine.config`, what was written in
 * `createMachine`) printed back as a self-contained `createMachine(...)`, implementations referenced
 * by name exactly as the chart names them in `setup`. The Stately editor draws it as it is; the
 * functions the chart writes inline (an invoke's `input`, the initial `context`) are printed with their
 * source so nothing is lost, though the editor only shows them.
 */
import type { AnyStateMachine } from 'xstate';
import { chartOf } from './chart.ts';

const HELPERS = ['not', 'and', 'or', 'stateIn'] as const;
const IDENT = /^[A-Za-z_$][\w$]*$/;

function quote(s: string): string {
  return `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
}

function isMachine(value: unknown): value is AnyStateMachine {
  return !!value && typeof value === 'object' && 'root' in value && 'config' in value && 'provide' in value;
}

/** A function's source as an expression (a method shorthand `input({ context }) {…}` becomes a function expression). */
function functionSource(fn: Function): string {
  const text = fn.toString();
  if (/\[native code\]/.test(text)) return quote(fn.name || 'inline');
  if (/^(async\s+)?function\b/.test(text) || /^(async\s*)?\(/.test(text) || /^(async\s+)?[\w$]+\s*=>/.test(text)) return text;
  const method = /^async\s+/.exec(text);
  return method ? `async function ${text.slice(method[0].length)}` : `function ${text}`;
}

function print(value: unknown, indent: string, used: Set<string>): string {
  const next = `${indent}  `;
  if (value === null) return 'null';
  if (typeof value === 'string') return quote(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'function') {
    const fn = value as Function & { guards?: unknown[]; stateValue?: unknown; type?: string };
    if (fn.guards && (fn.name === 'not' || fn.name === 'and' || fn.name === 'or')) {
      used.add(fn.name);
      const inner = fn.guards.map((g) => print(g, indent, used));
      return fn.name === 'not' ? `not(${inner[0]})` : `${fn.name}([${inner.join(', ')}])`;
    }
    if (fn.name === 'stateIn' && 'stateValue' in fn) {
      used.add('stateIn');
      return `stateIn(${print(fn.stateValue, indent, used)})`;
    }
    // an inline xstate action object (assign, raise…): Stately shows it by its type
    if (typeof fn.type === 'string' && fn.type.startsWith('xstate.')) return `{ type: ${quote(fn.type)} }`;
    return functionSource(fn);
  }
  if (isMachine(value)) return quote(value.id);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    if (value.every((v) => typeof v === 'string' || typeof v === 'number')) return `[${value.map((v) => print(v, next, used)).join(', ')}]`;
    return `[\n${value.map((v) => `${next}${print(v, next, used)}`).join(',\n')},\n${indent}]`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return '{}';
    return `{\n${entries.map(([k, v]) => `${next}${IDENT.test(k) ? k : quote(k)}: ${print(v, next, used)}`).join(',\n')},\n${indent}}`;
  }
  return 'undefined';
}

/** The export: a module importing only `createMachine` (and xstate's guard helpers when used). */
export function statelySource(machine: AnyStateMachine, name: string, purpose: string): string {
  const used = new Set<string>();
  const { types: _types, ...config } = machine.config as Record<string, unknown>;
  const body = print(config, '', used);
  const chart = chartOf(machine);
  const names = (label: string, list: string[]) => (list.length ? [`//   ${label}: ${list.join(', ')}`] : []);
  return [
    `// ${name}: ${purpose}`,
    '// Implementations are referenced by name (the chart provides them in setup):',
    ...names('actors', chart.actors),
    ...names('guards', chart.guards),
    ...names('actions', chart.actions),
    ...names('delays', chart.delays),
    `import { ${['createMachine', ...HELPERS.filter((h) => used.has(h))].join(', ')} } from 'xstate';`,
    '',
    `export const ${name} = createMachine(${body});`,
    '',
  ].join('\n');
}

/**
 * Evaluates an export with xstate's `createMachine` and a stub for every implementation it names:
 * what the Stately editor does with the text, and how the test proves nothing was lost.
 */
export function recreate(source: string, xstate: Record<string, unknown>, stubs: { guards: string[]; actions: string[]; actors: string[]; delays: string[] }): AnyStateMachine {
  const lines = source.split('\n').filter((l) => !l.startsWith('import '));
  const code = lines.join('\n').replace(/^export const \w+ = createMachine\(/m, 'return createMachine(');
  const createMachine = (config: unknown) =>
    (xstate.createMachine as (c: unknown, i: unknown) => AnyStateMachine)(config, {
      guards: Object.fromEntries(stubs.guards.map((g) => [g, () => false])),
      actions: Object.fromEntries(stubs.actions.map((a) => [a, () => {}])),
      actors: Object.fromEntries(stubs.actors.map((a) => [a, (xstate.fromPromise as (f: () => Promise<unknown>) => unknown)(() => new Promise(() => {}))])),
      delays: Object.fromEntries(stubs.delays.filter((d) => !/^\d+$/.test(d)).map((d) => [d, 1000])),
    });
  return new Function('createMachine', ...HELPERS, code)(createMachine, ...HELPERS.map((h) => xstate[h])) as AnyStateMachine;
}
