import { describe, expect, it } from 'vitest';
import { checkBareMachine, transitionCoveringPaths } from '../support/mbt.ts';
import { models } from '../models/index.ts';

/** Every generated path replayed on the bare machine lands where the model says, step by step. */
describe.each(Object.entries(models))('%s paths on the bare machine', (_file, model) => {
  const paths = transitionCoveringPaths(model);
  it.each(paths.map((p) => [p.description, p] as const))('%s', (_description, path) => {
    expect(() => checkBareMachine(model, [path])).not.toThrow();
  });
});
