import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, setup, toPromise } from 'xstate';
import { actionNotProvided, callbackNotProvided, notProvided } from '../../src/shared/machines/notProvided';

// A slot a machine declares for IO fails loudly when nobody provided it, and the real one takes its place.

describe('an actor slot', () => {
  it('rejects with a message naming the slot until provided', async () => {
    const actor = createActor(notProvided<number>('loadCount')).start();
    await expect(toPromise(actor)).rejects.toThrow("The 'loadCount' actor was not provided: provide it where the app is assembled (or in the test).");
  });

  it('is replaced by what is provided, in a machine that invokes it', async () => {
    const machine = setup({ actors: { loadCount: notProvided<number>('loadCount') } }).createMachine({
      initial: 'loading',
      states: { loading: { invoke: { id: 'loadCount', src: 'loadCount', onDone: 'done', onError: 'failed' } }, done: { type: 'final' }, failed: { type: 'final' } },
    });
    const unprovided = createActor(machine).start();
    await expect.poll(() => unprovided.getSnapshot().value).toBe('failed');
    const provided = createActor(machine.provide({ actors: { loadCount: fromPromise(async () => 3) } })).start();
    await expect.poll(() => provided.getSnapshot().value).toBe('done');
  });

  it('makes an unprovided callback actor fail its invoker', async () => {
    const machine = setup({ actors: { listen: callbackNotProvided<{ type: 'PING' }>('listen') } }).createMachine({
      initial: 'listening',
      states: { listening: { invoke: { id: 'listen', src: 'listen', onError: 'failed' } }, failed: { type: 'final' } },
    });
    const actor = createActor(machine).start();
    await expect.poll(() => actor.getSnapshot().value).toBe('failed');
  });
});

describe('an action slot', () => {
  const leaving = (goToGames: () => void) =>
    setup({ types: {}, actions: { goToGames } }).createMachine({
      initial: 'playing',
      states: { playing: { on: { BACK: 'left' } }, left: { type: 'final', entry: 'goToGames' } },
    });

  it('stops the machine with an error naming the action when nobody provided it', () => {
    const actor = createActor(leaving(actionNotProvided('goToGames')));
    const errors: unknown[] = [];
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().status).toBe('error');
    expect(String(errors[0])).toBe("Error: The 'goToGames' action was not provided: provide it where the app is assembled (or in the test).");
  });

  it('runs what is provided in its place', () => {
    const went: string[] = [];
    const machine = leaving(actionNotProvided('goToGames')).provide({ actions: { goToGames: () => went.push('/games') } });
    const actor = createActor(machine).start();
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(went).toEqual(['/games']);
  });
});

