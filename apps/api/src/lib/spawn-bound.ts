import {
  spawn,
  type ChildProcess,
  type ChildProcessWithoutNullStreams,
  type SpawnOptions,
} from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';

const SETPRIV = '/usr/bin/setpriv';
const hasSetpriv = process.platform === 'linux' && existsSync(SETPRIV);

const isExecutable = (file: string): boolean => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** Whether `command` would start; a missing one keeps spawn's own ENOENT error for the caller. */
const resolvable = (command: string): boolean =>
  command.includes('/')
    ? isExecutable(command)
    : (process.env.PATH ?? '')
        .split(path.delimiter)
        .some((dir) => dir && isExecutable(path.join(dir, command)));

/**
 * Spawns a helper program (decoder, recogniser) that dies with this process: on Linux it runs
 * under util-linux `setpriv --pdeathsig KILL`, so the kernel kills it when the server is killed,
 * even by SIGKILL, where no `finally` or exit handler runs (issue 9: "no child process outlives
 * its job"). Elsewhere it is a plain spawn.
 */
export function spawnBound(
  command: string,
  args: readonly string[],
  options: SpawnOptions & { stdio: ['pipe', 'pipe', 'pipe'] },
): ChildProcessWithoutNullStreams;
export function spawnBound(
  command: string,
  args: readonly string[],
  options: SpawnOptions,
): ChildProcess;
export function spawnBound(
  command: string,
  args: readonly string[],
  options: SpawnOptions,
): ChildProcess {
  if (!hasSetpriv || !resolvable(command)) return spawn(command, args, options);
  return spawn(SETPRIV, ['--pdeathsig', 'KILL', '--', command, ...args], options);
}
