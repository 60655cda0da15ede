import fp from 'fastify-plugin';
import { JobQueue } from '../jobs/job-queue';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

/**
 * The durable job queue (pg-boss on the app's database; issue 9). Every role can send jobs;
 * modules register their workers when the process role runs jobs (`all`, `worker`). A restarted
 * process takes back the jobs of its previous run at start (on PGlite as pg-boss starts, on
 * PostgreSQL once it listens on its port). On close
 * the workers drain first: running jobs get time to finish, then are handed back to the queue.
 */
export default fp(
  async (app) => {
    const queue = new JobQueue(app.database, app.log, app.config.role, app.config.port);
    await queue.start();
    app.decorate('jobs', queue);
    app.addHook('onReady', async () => {
      if (app.config.role !== 'api') await queue.startWorking();
    });
    // Holding its port proves no live process has this seat: whatever an earlier worker on it was
    // running died with it (issue 30).
    app.addHook('onListen', async () => {
      await queue.takeBackPreviousRuns();
    });
    app.addHook('preClose', async () => {
      await queue.stop(app.config.env === 'test' ? 2000 : 20_000);
    });
  },
  { name: 'jobs', dependencies: ['config', 'database'] },
);
