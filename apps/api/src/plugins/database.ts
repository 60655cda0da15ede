import fp from 'fastify-plugin';
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
    app.addHook('onClose', async () => {
      await database.close();
    });
    await database.migrate(app.config.migrationsDir);
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
