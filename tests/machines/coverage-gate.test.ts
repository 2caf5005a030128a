import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allTransitions, transitionCoveringPaths, uncovered } from '../support/mbt.ts';
import { models } from '../models/index.ts';

/** Fails when a machine in machines/ has no model, or when any of its transitions is on no path. */
describe('transition-coverage gate', () => {
  const machineFiles = fs.readdirSync(new URL('../../machines/', import.meta.url)).filter((f) => f.endsWith('.machine.ts'));

  it('every machine has a model', () => {
    expect(machineFiles.filter((f) => !models[f])).toEqual([]);
  });

  for (const file of machineFiles) {
    it(`${file}: every transition is taken by a generated path`, () => {
      const model = models[file];
      if (!model) return;
      const paths = transitionCoveringPaths(model);
      expect(allTransitions(model.machine).length).toBeGreaterThan(0);
      expect(uncovered(model, paths)).toEqual([]);
      // exploring the larger charts' graphs takes seconds on a busy 2-core machine: a guard against a hang, not a measure
    }, 60_000);
  }
});

describe('the gate itself', () => {
  it('reports transitions no path takes', async () => {
    const { sessionModel } = await import('../models/session.model.ts');
    const webOnly = { ...sessionModel, variants: sessionModel.variants.slice(0, 1) };
    const missing = uncovered(webOnly, transitionCoveringPaths(webOnly));
    expect(missing.some((key) => key.includes('choosingReLogin --always[0]--> session.signingIn.authorizingNatively'))).toBe(true);
    expect(missing.some((key) => key.includes('session.starting --always[0]--> session.signedIn'))).toBe(true);
  });
});
