import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildEngineConfig, type EngineConfig } from '../src/config/config';
import { ConfigError, parseEnv } from '../src/config/env';
import { repoRoot } from '../src/lib/paths';

/** The middle value (the mean of the two middle ones for an even count); 0 for none. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return 0;
  return sorted.length % 2 === 1
    ? (sorted[mid] ?? 0)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** The shared data folder (speech corpora, ACI-BENCH): `CLERKLY_DATA_DIR` or `../shared/data`. */
export const benchDataDir = () =>
  process.env.CLERKLY_DATA_DIR ?? path.resolve(repoRoot(), '..', 'shared', 'data');

/**
 * The engines the environment configures, or null after saying on standard error what is wrong
 * with it (the bench then exits 2, as the CLI does).
 */
export function benchEngineConfig(bench: string): EngineConfig | null {
  try {
    return buildEngineConfig(parseEnv());
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${bench}: ${error.message}\n`);
      return null;
    }
    throw error;
  }
}

/**
 * CPU seconds used so far by this process and its finished children (the decoders), read from
 * /proc/self/stat (cutime, cstime in 1/100 s). Wall time depends on what else the machine is
 * doing; CPU time per audio second does not, so both are reported.
 */
export function cpuSeconds(): number | null {
  const own = process.cpuUsage();
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const children = (Number(fields[13]) + Number(fields[14])) / 100;
    return Number.isFinite(children) ? (own.user + own.system) / 1e6 + children : null;
  } catch {
    return null;
  }
}
