/**
 * Every answer a chart announces (an invoke whose `onDone` is `announceAnswer`, machines/outcome.ts)
 * has somewhere to go: the invoking state, or one above it, handles `<id>.ok`, any refusal
 * (`<id>.refused.*`), and for a child chart its `<id>.unreachable`. An answer nobody handles
 * would leave the chart busy forever.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { models } from '../models/index.ts';

const machineFiles = fs.readdirSync(new URL('../../machines/', import.meta.url)).filter((f) => f.endsWith('.machine.ts'));

function unhandledAnswers(machine: AnyStateMachine): string[] {
  const missing: string[] = [];
  const handles = (node: AnyStateNode, event: string): boolean => {
    for (let at: AnyStateNode | undefined = node; at; at = at.parent) if (at.transitions.has(event)) return true;
    return false;
  };
  const visit = (node: AnyStateNode) => {
    for (const invoke of node.invoke) {
      const done = node.transitions.get(`xstate.done.actor.${invoke.id}`) ?? [];
      const announces = done.some((t) => (t.actions ?? []).some((a: unknown) => (typeof a === 'string' ? a : (a as { type?: string }).type) === 'announceAnswer'));
      if (!announces) continue;
      const src = typeof invoke.src === 'string' ? machine.implementations.actors[invoke.src] : invoke.src;
      const isChart = !!src && typeof src === 'object' && 'root' in src;
      const needed = [`${invoke.id}.ok`, `${invoke.id}.refused.*`, ...(isChart ? [`${invoke.id}.unreachable`] : [])];
      for (const event of needed) if (!handles(node, event)) missing.push(`${node.id}: ${event}`);
    }
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child);
  };
  visit(machine.root);
  return missing;
}

describe('announced answers', () => {
  for (const file of machineFiles) {
    it(`${file}: every announced answer is handled`, () => {
      const model = models[file];
      if (!model) return;
      expect(unhandledAnswers(model.machine)).toEqual([]);
    });
  }

  it('finds an answer nobody handles', async () => {
    const { loginPasswordMachine } = await import('../../machines/loginPassword.machine.ts');
    const saving = loginPasswordMachine.config.states!.saving!;
    const { 'changePassword.refused.*': _dropped, ...kept } = saving.on as Record<string, unknown>;
    const { createMachine } = await import('xstate');
    const machine = createMachine({ ...loginPasswordMachine.config, states: { ...loginPasswordMachine.config.states, saving: { ...saving, on: kept } } } as never, loginPasswordMachine.implementations as never);
    expect(unhandledAnswers(machine as AnyStateMachine)).toEqual(['loginPassword.saving: changePassword.refused.*']);
  });
});
