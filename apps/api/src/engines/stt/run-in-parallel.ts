/**
 * Maps `items` through `work` with at most `limit` running at once, results in input order.
 * The first failure aborts the signal handed to the others, so a bad chunk does not leave
 * sibling decoders burning CPU for a result nobody will read.
 */
export async function runInParallel<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number, signal: AbortSignal) => Promise<R>,
  signal?: AbortSignal,
): Promise<R[]> {
  const controller = new AbortController();
  const onAbort = (): void => controller.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  if (signal?.aborted) onAbort();

  const results = new Array<R>(items.length);
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async (): Promise<void> => {
    while (failure === null && next < items.length) {
      const index = next;
      next += 1;
      try {
        results[index] = await work(items[index] as T, index, controller.signal);
      } catch (error) {
        failure ??= { error };
        controller.abort(error);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
  if (failure !== null) throw (failure as { error: unknown }).error;
  return results;
}
