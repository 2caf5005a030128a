/**
 * The formation's child processes: started in a process group of their own (so a Ctrl-C reaches
 * us first and we stop them in order), killed with their whole tree, and checked to be gone.
 *
 * A process tree is read from /proc (`/proc/PID/task/TID/children`), since pg_autoctl forks its
 * services and PostgreSQL under `runuser`: killing only the top would leave them running.
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `pid` and every process below it, parents first. */
export function processTree(pid: number): number[] {
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    let tasks: string[] = [];
    try { tasks = fs.readdirSync(`/proc/${tree[i]}/task`); } catch { continue; }
    for (const task of tasks) {
      try {
        const children = fs.readFileSync(`/proc/${tree[i]}/task/${task}/children`, 'utf8').trim();
        if (children) tree.push(...children.split(/\s+/).map(Number));
      } catch { /* ended meanwhile */ }
    }
  }
  return [...new Set(tree)];
}

/** Alive and not a zombie (a zombie has ended; it only waits for its parent to read its status). */
export function isAlive(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** SIGKILLs every process of the list at once (collected before, so none can fork a replacement in between). */
export function killAll(pids: number[]): void {
  for (const pid of pids) {
    try { process.kill(pid, 'SIGKILL'); } catch { /* already gone */ }
  }
}

export async function waitGone(pids: number[], ms: number): Promise<number[]> {
  const deadline = Date.now() + ms;
  let left = pids.filter(isAlive);
  while (left.length > 0 && Date.now() < deadline) {
    await sleep(50);
    left = left.filter(isAlive);
  }
  return left;
}

/** Whether something accepts TCP connections on 127.0.0.1:port. */
export function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
    socket.setTimeout(1_000, () => { socket.destroy(); resolve(false); });
  });
}

/** Fails when one of the ports is taken (another formation, a test run, something else): better than a half-started formation. */
export async function assertPortsFree(ports: number[]): Promise<void> {
  const taken = [];
  for (const port of ports) if (await portAnswers(port)) taken.push(port);
  if (taken.length > 0) throw new Error(`ports already in use on 127.0.0.1: ${taken.join(', ')} (another formation? set the CLUSTER_* ports)`);
}

/**
 * A child that logs into a file (its log is read when it fails) and is known to `everyChild`, so an
 * exit of ours, however it comes, kills it (`killEveryChildNow`).
 */
export interface Child {
  readonly name: string;
  readonly process: ChildProcess;
  readonly pid: number;
  readonly logFile: string;
  log(): string;
  exited(): boolean;
}

const everyChild = new Set<Child>();

export function startChild(name: string, command: string, args: string[], options: SpawnOptions & { logFile: string }): Child {
  const out = fs.openSync(options.logFile, 'a');
  const child = spawn(command, args, { ...options, detached: true, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  let exited = false;
  child.once('exit', () => { exited = true; });
  child.once('error', () => { exited = true; });
  const started: Child = {
    name,
    process: child,
    pid: child.pid ?? -1,
    logFile: options.logFile,
    log: () => { try { return fs.readFileSync(options.logFile, 'utf8'); } catch { return ''; } },
    exited: () => exited,
  };
  everyChild.add(started);
  return started;
}

/**
 * Stops a child and everything under it: `signal` to its tree, then, after `graceMs`, SIGKILL to what
 * is left (and to `alsoKill`: processes outside the tree that belong to it, such as a postmaster).
 * Throws when something still runs after that.
 */
export async function stopChild(child: Child, signal: NodeJS.Signals = 'SIGTERM', graceMs = 15_000, alsoKill: () => number[] = () => []): Promise<void> {
  const tree = [...processTree(child.pid), ...alsoKill()];
  for (const pid of tree) {
    if (pid === child.pid || signal === 'SIGKILL') try { process.kill(pid, signal); } catch { /* gone */ }
  }
  let left = await waitGone(tree, graceMs);
  if (left.length > 0) {
    killAll([...left, ...left.flatMap(processTree), ...alsoKill()]);
    left = await waitGone([...left, ...alsoKill()], 5_000);
  }
  everyChild.delete(child);
  if (left.length > 0) throw new Error(`${child.name}: processes ${left.join(', ')} survived SIGKILL`);
}

/** Last resort, synchronous (process 'exit'): SIGKILL every child tree still known. */
export function killEveryChildNow(extra: number[] = []): void {
  const pids = [...everyChild].flatMap((child) => processTree(child.pid));
  killAll([...pids, ...extra]);
  everyChild.clear();
}

/** Thrown by a `waitFor` check to end the wait at once (other errors are retried until the time is up). */
export class GiveUp extends Error {}

/** Waits until `check` returns a value (not undefined/false), or throws with `what` after `ms`. */
export async function waitFor<T>(what: string, ms: number, check: () => Promise<T | undefined | false> | T | undefined | false, everyMs = 250): Promise<T> {
  const deadline = Date.now() + ms;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      if (error instanceof GiveUp) throw error;
      lastError = error;
    }
    await sleep(everyMs);
  }
  throw new Error(`timed out after ${ms} ms waiting for ${what}${lastError ? ` (last error: ${(lastError as Error).message})` : ''}`);
}
