import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { AppConfig } from '../config/config';
import { pgliteTemplateFile } from '../lib/paths';
import * as schema from './schema';

type Schema = typeof schema;
/** One type for both drivers, so repositories never know which database they run on. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/**
 * Whether a write failed on a unique index (SQLSTATE 23505): node-postgres puts the code on the
 * error, drizzle on PGlite on its cause.
 */
export const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  ((error as { code?: string }).code === '23505' ||
    (error as { cause?: { code?: string } }).cause?.code === '23505');

export interface Database {
  kind: AppConfig['database']['kind'];
  db: Db;
  migrate(migrationsDir: string): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * How pg-boss reaches the same database: its own small pool on PostgreSQL, or the one PGlite
   * connection through an `executeSql` adapter (pg-boss's documented custom-db hook).
   */
  jobsConnection: { connectionString: string } | { db: JobsSqlExecutor };
}

/** pg-boss's `db` option: run one SQL text with positional values. */
interface JobsSqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * pg-boss over PGlite. Its schema plans are many statements in one text without values, which
 * only `exec` runs; everything else is one parameterised statement.
 */
function pgliteJobsExecutor(client: PGlite): JobsSqlExecutor {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) {
        const result = await client.query(text, values);
        return { rows: result.rows };
      }
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}

/**
 * PGlite's own start parameters plus a smaller buffer cache (issue 13). PGlite writes its whole
 * shared memory at start, so PostgreSQL's default 128 MB of shared_buffers (160 MB with the WAL
 * buffers) was resident for good: 294 → 161 MiB for PGlite alone on reopening a database. One
 * clinic's data is a few megabytes; the operating system's file cache still sits behind these.
 */
const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=16MB',
  '-c',
  'wal_buffers=1MB',
];

/**
 * A new embedded database starts from the build's initialised copy when there is one (issue 13):
 * copying it takes a fifth of the time initdb takes in WebAssembly. Without it (a run from
 * sources before any build), PGlite runs initdb as before.
 */
function pgliteTemplate(dataDir: string): Blob | undefined {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return undefined;
  const file = pgliteTemplateFile();
  return existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
}

/**
 * PGlite (embedded, files under `$DATA_DIR/db`, or in memory when dataDir is null) or
 * PostgreSQL through node-postgres. Both run the same schema and SQL migrations.
 */
export function openDatabase(target: AppConfig['database']): Database {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle connection the server ends (a restart, a failover) is dropped and replaced on the
    // next query; unhandled, node-postgres's 'error' event would end the process.
    pool.on('error', () => undefined);
    const db = drizzlePostgres({ client: pool, schema });
    return {
      kind: 'postgres',
      db,
      migrate: (migrationsFolder) => migratePostgres(db, { migrationsFolder }),
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
      jobsConnection: { connectionString: target.url },
    };
  }
  // PGlite does not create its data directory's parents.
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  const template = target.dataDir ? pgliteTemplate(target.dataDir) : undefined;
  const client = new PGlite({
    ...(target.dataDir ? { dataDir: target.dataDir } : {}),
    ...(template ? { loadDataDir: template } : {}),
    startParams: PGLITE_START_PARAMS,
  });
  const db = drizzlePglite({ client, schema });
  return {
    kind: 'pglite',
    db,
    migrate: (migrationsFolder) => migratePglite(db, { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
    jobsConnection: { db: pgliteJobsExecutor(client) },
  };
}
