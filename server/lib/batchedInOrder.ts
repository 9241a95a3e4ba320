/**
 * Items handed in go out in batches, one batch at a time, in the order they came. An idle queue starts
 * its batch on the next turn of the event loop, so the items of one turn share it; items that arrive
 * while a batch is running wait and all go out together in the next one (at most `limit` per batch).
 * Under load that is what keeps a statement per item from becoming the cost: the database answers one
 * batch while the next fills.
 *
 * `run` settles each item itself (its callers are waiting on them); a failure it lets through is given
 * to `onUnsettled`, and the batches after it still run.
 */
export function batchedInOrder<T>(run: (batch: T[]) => Promise<void>, onUnsettled: (error: unknown) => void, limit = Number.POSITIVE_INFINITY): (item: T) => void {
  const pending: T[] = [];
  let tail: Promise<void> = Promise.resolve();
  const takeNext = () => {
    tail = tail.then(async () => {
      const batch = pending.splice(0, limit);
      // More than a batch holds: the rest goes in the batch right after this one.
      if (pending.length > 0) takeNext();
      try {
        await run(batch);
      } catch (error) {
        onUnsettled(error);
      }
    });
  };
  return (item) => {
    if (pending.length === 0) setImmediate(takeNext);
    pending.push(item);
  };
}
