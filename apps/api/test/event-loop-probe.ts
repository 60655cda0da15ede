import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

/**
 * Issue 11 "Event loop guard": how long `GET /healthz` takes while `work` is in flight. The app
 * listens on a real port and `/healthz` is polled over HTTP every `intervalMs`, so a handler
 * that holds the event loop shows up as a slow health check, as a load balancer would see it.
 *
 * `work` receives the base URL and should send the expensive request over HTTP as well.
 */
export async function healthzLatencyDuring<T>(
  app: FastifyInstance,
  work: (baseUrl: string) => Promise<T>,
  { intervalMs = 20 }: { intervalMs?: number } = {},
): Promise<{ result: T; maxMs: number; medianMs: number; samples: number }> {
  const baseUrl = app.server.listening
    ? `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
    : await app.listen({ host: '127.0.0.1', port: 0 });
  const latencies: number[] = [];
  let finished = false;
  const probe = (async () => {
    while (!finished) {
      const started = performance.now();
      const response = await fetch(`${baseUrl}/healthz`);
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      await sleep(intervalMs);
    }
  })();
  // Let the first probe land before the work starts, so an idle server is measured too.
  await sleep(intervalMs);
  try {
    const result = await work(baseUrl);
    return { result, ...summarise(latencies) };
  } finally {
    finished = true;
    await probe;
  }
}

function summarise(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    maxMs: sorted.at(-1) ?? 0,
    medianMs: sorted[Math.floor(sorted.length / 2)] ?? 0,
    samples: sorted.length,
  };
}

/** The audit's worst input for the builtin engine: "x." × 32 000 (64 KB), 13 s on the loop. */
export const WORST_CASE_TRANSCRIPT = 'x.'.repeat(32_000);
