import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
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
