import fp from 'fastify-plugin';
import { lockDownDataDir } from '../config/config';
import { openDatabase, type Database } from '../db/client';
import { seedReferenceData } from '../db/seed/seed';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

/**
 * Opens the configured database, applies the SQL migrations and seeds reference data before the
 * app accepts requests; closes it when the app closes (an open PGlite keeps the process alive).
 */
export default fp(
  async (app) => {
    const database = openDatabase(app.config.database);
    const target = app.config.database;
    // PGlite (WASM) sets its own file modes (0666) whatever the umask; its folders are 0700, so no
    // other account can reach the files while it runs, and at start and stop every file is made
    // 0600 again, so a copied or backed-up folder keeps them private too (issue 11).
    const lockDown = () => {
      if (target.kind === 'pglite' && target.dataDir) lockDownDataDir(target.dataDir);
    };
    app.addHook('onClose', async () => {
      await database.close();
      lockDown();
    });
    await database.migrate(app.config.migrationsDir);
    lockDown();
    await seedReferenceData(database.db);
    app.decorate('database', database);
    app.log.info(
      { database: database.kind },
      database.kind === 'pglite'
        ? `Database: embedded PGlite in ${app.config.database.kind === 'pglite' ? (app.config.database.dataDir ?? 'memory') : ''}`
        : 'Database: PostgreSQL',
    );
  },
  { name: 'database', dependencies: ['config'] },
);
