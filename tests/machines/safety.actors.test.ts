// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { blockedPeopleActors, personSafetyActors } from '../../src/features/safety/actors/safety.actors';
import { json, mockFetch } from '../services/fetchMock';

// The safety machines show what their actors reject with: the contract's text for the server's answer.

const error = (code: string, status: number) => json({ error: { code, message: 'server words' } }, status);

function run<T>(logic: Parameters<typeof createActor>[0], input?: unknown): Promise<T> {
  return toPromise(createActor(logic, { input }).start()) as Promise<T>;
}

afterEach(() => vi.unstubAllGlobals());

describe('safety actors', () => {
  it('a refused block rejects with the contract text a person sees', async () => {
    mockFetch({ 'POST /api/blocks': error('CANNOT_BLOCK_SELF', 400) });
    await expect(run(personSafetyActors.block, { userId: 'm-1' })).rejects.toThrow('You cannot block yourself.');
  });

  it('a report sent too often says so', async () => {
    mockFetch({ 'POST /api/reports': error('TOO_MANY_REQUESTS', 429) });
    await expect(run(personSafetyActors.report, { userId: 'm-2', reason: 'spam', note: '' })).rejects.toThrow(
      'You are doing that too often. Please wait a while and try again.',
    );
  });

  it('the blocked list, and an unreachable server while unblocking', async () => {
    const nova = { id: 'm-2', username: 'nova', avatar: 'NO', profilePicture: '', blockedAt: '2026-11-23T20:00:00.000Z' };
    mockFetch({ 'GET /api/blocks': json({ blocked: [nova] }), 'DELETE /api/blocks/m-2': 'network-error' });
    await expect(run(blockedPeopleActors.loadBlocked)).resolves.toEqual([nova]);
    await expect(run(blockedPeopleActors.unblock, { userId: 'm-2' })).rejects.toThrow(
      'You appear to be offline. Please check your connection and try again.',
    );
  });
});
