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
