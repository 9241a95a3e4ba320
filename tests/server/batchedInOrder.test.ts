import { describe, expect, it } from 'vitest';
import { batchedInOrder } from '../../server/lib/batchedInOrder';

/** A gate a batch waits on, so a test decides when the "database" answers. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('batchedInOrder', () => {
  it('sends the items of one turn as one batch, on the next turn', async () => {
    const batches: number[][] = [];
    const add = batchedInOrder<number>(async (batch) => void batches.push(batch), () => {});
    add(1);
    add(2);
    add(3);
    expect(batches).toEqual([]);
    await nextTurn();
    await nextTurn();
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('gathers what arrives while a batch runs into the next one, in arrival order', async () => {
    const batches: number[][] = [];
    const first = gate();
    const add = batchedInOrder<number>(async (batch) => {
      batches.push(batch);
      if (batches.length === 1) await first.opened;
    }, () => {});
    add(1);
    await nextTurn();
    await nextTurn();
    for (let i = 2; i <= 6; i++) {
      add(i);
      await nextTurn();
    }
    // Five turns later the first batch is still running: nothing else has gone.
    expect(batches).toEqual([[1]]);
    first.open();
    await nextTurn();
    await nextTurn();
    expect(batches).toEqual([[1], [2, 3, 4, 5, 6]]);
  });

  it('never puts more than the limit in a batch, and sends the rest right after', async () => {
    const sizes: number[] = [];
    const seen: number[] = [];
    const add = batchedInOrder<number>(async (batch) => {
      sizes.push(batch.length);
      seen.push(...batch);
    }, () => {}, 1_000);
    for (let i = 0; i < 2_500; i++) add(i);
    for (let turn = 0; turn < 5; turn++) await nextTurn();
    expect(sizes).toEqual([1_000, 1_000, 500]);
    expect(seen).toEqual(Array.from({ length: 2_500 }, (_, i) => i));
  });

  it('hands a failure to onUnsettled and keeps sending the batches after it', async () => {
    const failures: unknown[] = [];
    const batches: string[][] = [];
    const add = batchedInOrder<string>(async (batch) => {
      batches.push(batch);
      if (batch.includes('bad')) throw new Error('the statement failed');
    }, (error) => failures.push(error));
    add('bad');
    await nextTurn();
    await nextTurn();
    add('good');
    await nextTurn();
    await nextTurn();
    expect(batches).toEqual([['bad'], ['good']]);
    expect(failures).toEqual([new Error('the statement failed')]);
  });
});
