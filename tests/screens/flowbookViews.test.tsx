/**
 * The flow book draws every chart's states with its view (tests/flows/harness/views.tsx, `VIEWS`):
 * a chart added without one would have pages with nothing on them, found only by someone looking.
 * README, "Adding a flow".
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { VIEWS } from '../flows/harness/views.tsx';

const machines = fs.readdirSync(path.resolve(import.meta.dirname, '../../machines'))
  .filter((file) => file.endsWith('.machine.ts'))
  .map((file) => file.slice(0, -'.machine.ts'.length));

describe("the flow book's views", () => {
  it('draw every chart, and only charts', () => {
    expect(machines.filter((flow) => !VIEWS[flow])).toEqual([]);
    expect(Object.keys(VIEWS).filter((flow) => !machines.includes(flow))).toEqual([]);
  });
});
