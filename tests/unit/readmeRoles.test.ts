/**
 * README's "Who may do what" table is the code's ROLE_RULES (server/entities/
 * roles.ts), cell for cell: the refusals the server gives and the ones the README promises
 * cannot drift apart (issue 20: a removed clerk got MCH10003 where the README said STF10009).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROLE_COLUMNS, ROLE_RULES, type MerchantRole, type RoleAnswer } from '../../server/entities/roles.ts';

const README = fs.readFileSync(path.resolve(import.meta.dirname, '../../README.md'), 'utf8');
const COLUMNS: MerchantRole[] = ['owner', 'clerk', 'removedClerk', 'anyoneElse'];

/** The markdown table right after the heading, as rows of trimmed cells (the separator row left out). */
function tableAfter(heading: string): string[][] {
  const lines = README.split('\n');
  const start = lines.findIndex((line) => line.trim() === heading);
  expect(start, heading).toBeGreaterThanOrEqual(0);
  const first = lines.findIndex((line, i) => i > start && line.startsWith('|'));
  const rows: string[][] = [];
  for (let i = first; i < lines.length && lines[i]!.startsWith('|'); i++) {
    const cells = lines[i]!.trim().slice(1, -1).split('|').map((cell) => cell.trim());
    if (!cells.every((cell) => /^:?-+:?$/.test(cell))) rows.push(cells);
  }
  return rows;
}

/** A cell as README writes it: the words, or the codes in backticks. */
const cell = (answer: RoleAnswer) => (typeof answer === 'string' ? answer : answer.map((code) => `\`${code}\``).join(' / '));

describe('README’s roles table', () => {
  const [header, ...rows] = tableAfter('### Who may do what (merchant roles, spec §6)');

  it('has the code’s columns', () => {
    expect(header).toEqual(['', ...COLUMNS.map((role) => ROLE_COLUMNS[role])]);
  });

  it('has the code’s rows, in its order, each cell as ROLE_RULES says', () => {
    expect(rows).toEqual(Object.values(ROLE_RULES).map((rule) => [rule.calls, ...COLUMNS.map((role) => cell(rule[role]))]));
  });
});
