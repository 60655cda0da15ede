import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Whether the process still runs. A killed process whose parent is gone stays a zombie ("Z" in
 * /proc) until whoever adopted it reaps it, which on a busy machine can take a while: it has
 * stopped all the same.
 */
const alive = (pid: number): boolean => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state …": the state follows the command name's closing parenthesis.
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
};

describe('spawnBound', () => {
  it('kills the helper program when its parent is killed with SIGKILL', async () => {
    // A parent process starts `sleep 60` through spawnBound and prints the child's pid.
    const script = [
      `const { spawnBound } = await import(${JSON.stringify(path.resolve('src/lib/spawn-bound.ts'))});`,
      "const child = spawnBound('sleep', ['60'], { stdio: 'ignore' });",
      "child.on('spawn', () => console.log(child.pid));",
      'setInterval(() => {}, 1000);',
    ].join('\n');
    const parent = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const launcherPid = await new Promise<number>((resolve) =>
      parent.stdout.once('data', (data: Buffer) => resolve(Number(data.toString().trim()))),
    );
    expect(alive(launcherPid)).toBe(true);
    // setpriv execs the program in place: the pid printed becomes `sleep` itself. Node reports
    // 'spawn' once setpriv runs, and while the kernel swaps setpriv for sleep the command line
    // reads as empty (seen on a busy machine), so this waits for the exec to finish.
    await expect
      .poll(() => readFileSync(`/proc/${launcherPid}/cmdline`, 'utf8'), { timeout: 5000 })
      .toContain('sleep');
    const exited = new Promise((resolve) => parent.once('exit', resolve));
    parent.kill('SIGKILL');
    await exited;
    await expect.poll(() => alive(launcherPid), { timeout: 5000 }).toBe(false);
  });
});
