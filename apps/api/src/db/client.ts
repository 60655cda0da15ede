import { mkdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { AppConfig } from '../config/config';
import { pgliteTemplateFile } from '../lib/paths';
import { PgliteThread } from './pglite-connection';
import * as schema from './schema';

type Schema = typeof schema;
/** One type for both drivers, so repositories never know which database they run on. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/**
 * Whether a write failed on a unique index (SQLSTATE 23505): on node-postgres's own error, or on
 * the cause of the query error drizzle wraps it in (both databases go through node-postgres).
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
 * pg-boss over the embedded database's one connection. Its schema plans are many statements in
 * one text without values, which node-postgres sends as one simple query (one result each).
 */
function poolJobsExecutor(pool: pg.Pool): JobsSqlExecutor {
  return {
    async executeSql(text, values) {
      const result = (await pool.query(text, values)) as pg.QueryResult | pg.QueryResult[];
      return { rows: Array.isArray(result) ? (result.at(-1)?.rows ?? []) : result.rows };
    },
  };
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
  const thread = new PgliteThread({
    dataDir: target.dataDir,
    templateFile: pgliteTemplateFile(),
  });
  // PGlite is one backend: one connection, which pg-boss shares through `executeSql`.
  const pool = new pg.Pool({
    stream: () => thread.stream(),
    user: 'postgres',
    database: 'postgres',
    max: 1,
    // An idle connection costs nothing here; keeping it keeps its prepared statements.
    idleTimeoutMillis: 0,
  });
  pool.on('error', () => undefined);
  const db = drizzlePostgres({ client: pool, schema });
  return {
    kind: 'pglite',
    db,
    migrate: (migrationsFolder) => migratePostgres(db, { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      await pool.end();
      await thread.close();
    },
    jobsConnection: { db: poolJobsExecutor(pool) },
  };
}
