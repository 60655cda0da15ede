import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

/**
 * Temporary files holding patient audio (an upload on its way into segments) live in
 * `$DATA_DIR/tmp`, owner-only, named after the process that made them. `finally` does not run
 * under SIGKILL, so the next start removes whatever a dead process left (issue 9: "no temporary
 * audio outlives its job, even after SIGKILL").
 */
function scratchDir(dataDir: string): string {
  const dir = path.join(dataDir, 'tmp');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

export function scratchPath(dataDir: string, kind: string): string {
  return path.join(scratchDir(dataDir), `${kind}-${process.pid}-${randomUUID()}`);
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * At start: removes scratch files of processes that no longer run, and any with this process's
 * own pid (a previous run that had the same pid, common in containers); returns how many.
 */
export function sweepScratch(dataDir: string): number {
  let removed = 0;
  for (const name of readdirSync(scratchDir(dataDir))) {
    const pid = Number(/^[a-z]+-(\d+)-/.exec(name)?.[1]);
    if (!Number.isInteger(pid) || pid === process.pid || !isAlive(pid)) {
      rmSync(path.join(dataDir, 'tmp', name), { recursive: true, force: true });
      removed += 1;
    }
  }
  return removed;
}
