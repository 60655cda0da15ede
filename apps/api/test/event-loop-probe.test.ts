import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthzLatencyDuring } from './event-loop-probe';

/**
 * The probe itself must be able to fail: a handler that holds the event loop for 600 ms makes
 * `/healthz` wait, one that waits without holding it does not. (Issue 9 uses the probe on the
 * note engine's worst input.)
 */
let app: FastifyInstance;
beforeAll(() => {
  app = Fastify();
  app.get('/healthz', () => ({ status: 'ok' }));
  app.get('/probe-test/blocking', () => {
    const until = Date.now() + 600;
    while (Date.now() < until) {
      // Deliberately holds the event loop.
    }
    return { done: true };
  });
  app.get('/probe-test/waiting', async () => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    return { done: true };
  });
});
afterAll(async () => {
  await app.close();
});

describe('healthzLatencyDuring', () => {
  it('sees a handler that holds the event loop', async () => {
    const { maxMs, samples } = await healthzLatencyDuring(app, (base) =>
      fetch(`${base}/probe-test/blocking`).then((r) => r.json()),
    );
    expect(samples).toBeGreaterThan(0);
    expect(maxMs).toBeGreaterThan(400);
  });

  it('and one that waits without holding it answers health checks meanwhile', async () => {
    const { medianMs, samples } = await healthzLatencyDuring(app, (base) =>
      fetch(`${base}/probe-test/waiting`).then((r) => r.json()),
    );
    expect(samples).toBeGreaterThan(3);
    expect(medianMs).toBeLessThan(400);
  });
});
