// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { startEachTestWithEmptyStorage } from '../support/emptyStorage';
import { memberSyncKey, syncStateOf } from '../../src/shared/storage/memberSync';

// `member_profile_sync`: whose device copy of the profile `user_profile` is, when it last changed and
// whether that change still has to reach the server.

startEachTestWithEmptyStorage();

describe('member profile sync state', () => {
  it('is none until written', () => {
    expect(memberSyncKey.read()).toBeNull();
    expect(syncStateOf('m-1')).toBeNull();
  });

  it('is the member\'s own state, and none for another member', () => {
    memberSyncKey.write({ memberId: 'm-1', updatedAt: 5000, pending: true });
    expect(JSON.parse(localStorage.getItem('member_profile_sync')!)).toEqual({ memberId: 'm-1', updatedAt: 5000, pending: true });
    expect(syncStateOf('m-1')).toEqual({ memberId: 'm-1', updatedAt: 5000, pending: true });
    expect(syncStateOf('m-2')).toBeNull();
  });

  it('reads a damaged state as none', () => {
    localStorage.setItem('member_profile_sync', '{"memberId":"m-1","updatedAt":-1,"pending":false}');
    expect(syncStateOf('m-1')).toBeNull();
    expect(localStorage.getItem('member_profile_sync.corrupt')).toBe('{"memberId":"m-1","updatedAt":-1,"pending":false}');
  });
});
