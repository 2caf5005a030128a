import type { z } from 'zod';
import crypto from 'node:crypto';
import RandExp from 'randexp';

/**
 * The paths of every text field a contract's request schema reads (`['company', 'name']`; an array's
 * element is `0`), found by walking the zod definition: generated tests reach every field of every
 * contract without a hand-kept list.
 */
export function textFieldPaths(schema: z.ZodType): string[][] {
  const found = new Map<string, string[]>();
  const walk = (node: z.ZodType, path: string[], depth: number) => {
    if (depth > 12) return;
    const def = (node as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
    const child = (key: string) => def[key] as z.ZodType;
    switch (def.type) {
      case 'string':
        found.set(path.join('.'), path);
        return;
      case 'object':
        for (const [key, value] of Object.entries(def.shape as Record<string, z.ZodType>)) walk(value, [...path, key], depth + 1);
        return;
      case 'array':
        return walk(child('element'), [...path, '0'], depth + 1);
      case 'record':
        return walk(child('valueType'), [...path, 'key'], depth + 1);
      case 'optional': case 'nullable': case 'default': case 'prefault': case 'readonly': case 'catch': case 'nonoptional':
        return walk(child('innerType'), path, depth + 1);
      case 'pipe':
        return walk(child('in'), path, depth + 1);
      case 'union':
        for (const option of def.options as z.ZodType[]) walk(option, path, depth + 1);
        return;
      case 'intersection':
        walk(child('left'), path, depth + 1);
        return walk(child('right'), path, depth + 1);
      case 'lazy':
        return walk((def.getter as () => z.ZodType)(), path, depth + 1);
      default:
        return; // numbers, booleans, enums and literals hold no free text
    }
  };
  walk(schema, [], 0);
  return [...found.values()];
}

/** An object with `value` at `path` (and nothing else). */
export function objectAt(path: string[], value: unknown): unknown {
  return path.reduceRight<unknown>((inner, key) => (/^\d+$/.test(key) ? [inner] : { [key]: inner }), value);
}

type Def = Record<string, unknown> & { type: string; checks?: Array<{ _zod: { def: Record<string, unknown> } }> };
const defOf = (node: z.ZodType) => (node as unknown as { _zod: { def: Def } })._zod.def;

/**
 * A request a contract accepts, made from its schema (regex fields from their pattern by randexp,
 * formats from a fixed example, every optional field present), so that a test changing one field
 * reaches the handler with everything else valid. `undefined` when none could be made.
 */
export function sampleRequest(schema: z.ZodType): unknown {
  const value = sample(schema, 0);
  return schema.safeParse(value).success ? value : undefined;
}

function sample(node: z.ZodType, depth: number): unknown {
  const def = defOf(node);
  const checks = (def.checks ?? []).map((check) => check._zod.def);
  const minLength = Number(checks.find((check) => check.check === 'min_length')?.minimum ?? 0);
  switch (def.type) {
    case 'string': {
      const format = checks.find((check) => check.check === 'string_format');
      if (format?.format === 'regex') {
        const generator = new RandExp(format.pattern as RegExp);
        generator.max = 4;
        return generator.gen();
      }
      if (format?.format === 'uuid' || format?.format === 'guid') return crypto.randomUUID();
      if (format?.format === 'email') return `sample${depth}@demo.ao`;
      return 'Sample text'.padEnd(Math.max(minLength, 11), 'x');
    }
    case 'number': {
      const min = checks.find((check) => check.check === 'greater_than');
      return min ? Number(min.value) + 1 : 1;
    }
    case 'boolean': return false;
    case 'enum': return Object.values(def.entries as Record<string, unknown>)[0];
    case 'literal': return (def.values as unknown[])[0];
    case 'object': return Object.fromEntries(Object.entries(def.shape as Record<string, z.ZodType>).map(([key, value]) => [key, sample(value, depth + 1)]));
    case 'array': return Array.from({ length: Math.max(1, minLength) }, () => sample(def.element as z.ZodType, depth + 1));
    case 'record': return {};
    case 'optional': case 'nullable': case 'default': case 'prefault': case 'readonly': case 'catch': case 'nonoptional':
      return sample(def.innerType as z.ZodType, depth + 1);
    case 'pipe': return sample(def.in as z.ZodType, depth + 1);
    case 'union': {
      const options = def.options as z.ZodType[];
      return options.map((option) => sample(option, depth + 1)).find((value, i) => options[i]!.safeParse(value).success) ?? sample(options[0]!, depth + 1);
    }
    case 'intersection': return { ...(sample(def.left as z.ZodType, depth + 1) as object), ...(sample(def.right as z.ZodType, depth + 1) as object) };
    case 'lazy': return depth > 8 ? undefined : sample((def.getter as () => z.ZodType)(), depth + 1);
    default: return undefined;
  }
}

/** The paths of every number field, like textFieldPaths. */
export function numberFieldPaths(schema: z.ZodType): string[][] {
  const found = new Map<string, string[]>();
  const walk = (node: z.ZodType, path: string[], depth: number) => {
    if (depth > 12) return;
    const def = defOf(node);
    switch (def.type) {
      case 'number': found.set(path.join('.'), path); return;
      case 'object': for (const [key, value] of Object.entries(def.shape as Record<string, z.ZodType>)) walk(value, [...path, key], depth + 1); return;
      case 'array': return walk(def.element as z.ZodType, [...path, '0'], depth + 1);
      case 'optional': case 'nullable': case 'default': case 'prefault': case 'readonly': case 'catch': case 'nonoptional': return walk(def.innerType as z.ZodType, path, depth + 1);
      case 'pipe': return walk(def.in as z.ZodType, path, depth + 1);
      case 'union': for (const option of def.options as z.ZodType[]) walk(option, path, depth + 1); return;
      case 'intersection': walk(def.left as z.ZodType, path, depth + 1); return walk(def.right as z.ZodType, path, depth + 1);
      default: return;
    }
  };
  walk(schema, [], 0);
  return [...found.values()];
}

/** `base` (a sample request) with `value` put at `path`. */
export function withValueAt(base: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [key, ...rest] = path as [string, ...string[]];
  if (Array.isArray(base) || /^\d+$/.test(key)) {
    const list = Array.isArray(base) ? [...base] : [];
    list[Number(key)] = withValueAt(list[Number(key)], rest, value);
    return list;
  }
  const object = base && typeof base === 'object' ? { ...(base as Record<string, unknown>) } : {};
  object[key] = withValueAt(object[key], rest, value);
  return object;
}
