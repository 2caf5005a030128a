/**
 * A flow is one name in every layer (README, "Adding a flow"): its chart machines/<flow>.machine.ts,
 * its model tests/models/<flow>.model.ts, its screens screens/<flow>/, its calls
 * services/contract/<flow>.ts with their handlers server/domains/<flow>/handlers.ts, its texts the
 * locale section <flow>, and its routes in the one route table. These tests fail when a piece is
 * left out of the place that registers it, or names something that does not exist.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_CODES } from '../../services/contract/answerCodes.ts';
import { FLOW_CONTRACTS, contractList } from '../../services/contract/index.ts';
import { LOCALE_PARTS, NOT_FOUND, OPERATOR_LAYOUT, ROUTES, SERVER_SECTIONS } from '../../services/routeTable.ts';
import { models } from '../models/index.ts';
import { dictionary } from '../../locales/dictionary.ts';
const pt = dictionary('pt');

const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const exists = (file: string) => fs.existsSync(path.join(ROOT, file));
const list = (dir: string) => fs.readdirSync(path.join(ROOT, dir));
const text = (key: string) => key.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown> | undefined)?.[k], pt);

const machineFiles = list('machines').filter((f) => f.endsWith('.machine.ts'));
const flowOf = (file: string) => file.slice(0, -'.machine.ts'.length);

describe('the route table', () => {
  it('names screen modules that exist, a title in pt, and each path once', () => {
    for (const route of ROUTES) {
      expect(exists(`screens/${route.screen}.tsx`), route.screen).toBe(true);
      expect(typeof text(route.title), `${route.path}: ${route.title}`).toBe('string');
      for (const part of route.parts) expect(LOCALE_PARTS, route.path).toHaveProperty([part]);
      if (route.parent) expect(ROUTES.some((r) => r.path === route.parent && route.path.startsWith(`${r.path}/`)), route.path).toBe(true);
    }
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
    expect(typeof text(NOT_FOUND.title)).toBe('string');
  });

  it('shows every screen module (`*Screen.tsx`): a screen no route opens is not registered', () => {
    const shown = new Set([...ROUTES.map((r) => r.screen), NOT_FOUND.screen, OPERATOR_LAYOUT.screen]);
    const screenModules = list('screens').flatMap((dir) => list(`screens/${dir}`).filter((f) => f.endsWith('Screen.tsx')).map((f) => `${dir}/${f.slice(0, -'.tsx'.length)}`));
    expect(screenModules.filter((module) => !shown.has(module))).toEqual([]);
  });
});

describe('machines', () => {
  it('each exports <flow>Machine and has a model', () => {
    for (const file of machineFiles) {
      expect(read(`machines/${file}`), file).toMatch(new RegExp(`export const ${flowOf(file)}Machine = `));
      expect(models, file).toHaveProperty([file]);
    }
    expect(Object.keys(models).toSorted()).toEqual(machineFiles.toSorted());
  });

  it('each has its screens folder, or is a child chart another chart invokes, or a shared piece of screens/common', () => {
    const common = list('screens/common').map((f) => read(`screens/common/${f}`)).join('\n');
    const orphans = machineFiles.filter((file) => {
      if (exists(`screens/${flowOf(file)}`) || common.includes(`machines/${file}'`)) return false;
      return !machineFiles.some((other) => other !== file && read(`machines/${other}`).includes(`from './${file}'`));
    });
    expect(orphans).toEqual([]);
  });

  it('each whose setup names provided( calls has its flow module src/flows/<flow>.ts, which provides that chart', () => {
    // a chart without its flow module is not registered: its placeholders would fail at the first call
    const calling = machineFiles.filter((file) => /\bprovided[<(]/.test(read(`machines/${file}`)));
    expect(calling.length).toBeGreaterThan(0);
    const unregistered = calling.filter((file) => !exists(`src/flows/${flowOf(file)}.ts`) || !read(`src/flows/${flowOf(file)}.ts`).includes(`machines/${file}'`));
    expect(unregistered).toEqual([]);
  });

  it('name only answer codes the gateway has (a typo would otherwise route nothing, silently)', () => {
    const known = new Set<string>(ALL_CODES);
    const unknown = machineFiles.flatMap((file) => [...read(`machines/${file}`).matchAll(/'([A-Z]{3}\d{5})'/g)].map(([, code]) => code!).filter((code) => !known.has(code)).map((code) => `${file}: ${code}`));
    expect(unknown).toEqual([]);
    // and the test sees the codes the charts do name
    expect(read('machines/topup.machine.ts')).toMatch(/'TOP10001'/);
  });
});

describe('calls', () => {
  const INFRASTRUCTURE = ['define.ts', 'index.ts', 'shared.ts', 'merchantShared.ts', 'envelope.ts', 'answerCodes.ts', 'platformReturnTo.ts', 'transport.ts', 'dateRanges.ts', 'values.ts', 'outcome.ts'];

  it('every contract module is in the catalogue under its flow’s name', () => {
    const modules = list('services/contract').filter((f) => f.endsWith('.ts') && !INFRASTRUCTURE.includes(f)).map((f) => f.slice(0, -'.ts'.length));
    expect(modules.toSorted()).toEqual(Object.keys(FLOW_CONTRACTS).toSorted());
  });

  it('each flow’s calls are handled in server/domains/<flow>/, whose handlers.ts the registry spreads', () => {
    const registry = read('server/registry.ts');
    for (const flow of new Set(contractList.map((c) => c.flow))) {
      expect(exists(`server/domains/${flow}/handlers.ts`), flow).toBe(true);
      const domain = list(`server/domains/${flow}`).filter((f) => f.endsWith('.ts')).map((f) => read(`server/domains/${flow}/${f}`)).join('\n');
      for (const { contract } of contractList.filter((c) => c.flow === flow)) expect(domain.includes(`'${contract.name}'`), `${contract.name} in server/domains/${flow}/`).toBe(true);
      expect(registry, flow).toContain(`./domains/${flow}/handlers.ts`);
    }
  });

  it('no service name is declared twice', () => {
    expect(new Set(contractList.map((c) => c.contract.name)).size).toBe(contractList.length);
  });
});

describe('locale sections', () => {
  it('each is shown by the first bundle, one dictionary part, or only the server', () => {
    const parts = Object.values(LOCALE_PARTS).flat();
    expect(parts.length).toBe(new Set(parts).size);
    for (const section of [...parts, ...SERVER_SECTIONS]) expect(pt, section).toHaveProperty([section]);
  });

  it('a flow with screens and texts of its own keeps them under its name', () => {
    const flows = machineFiles.map(flowOf).filter((flow) => exists(`screens/${flow}`));
    const withoutSection = flows.filter((flow) => !(flow in pt));
    // these flows say everything with shared words (documents, session, token entry use their own sections under other names)
    expect(withoutSection.toSorted()).toEqual([]);
  });
});
