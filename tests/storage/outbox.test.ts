// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { startEachTestWithEmptyStorage } from '../support/emptyStorage';
import { readOutbox, writeOutbox } from '../../src/features/live/storage/outbox';

// A member's unacknowledged chat messages stay on the device under `mycelius_outbox_<memberId>` until the
// server has them.

const entry = { to: 'm-2', clientId: 'c-1', text: 'hi', queuedAt: 1000 };

startEachTestWithEmptyStorage();

describe('outbox', () => {
  it('is empty for a member who has none', () => {
    expect(readOutbox('m-1')).toEqual([]);
  });

  it('keeps each member\'s messages under their own key, in order', () => {
    const second = { ...entry, clientId: 'c-2', text: 'there', queuedAt: 2000 };
    writeOutbox('m-1', [entry, second]);
    expect(JSON.parse(localStorage.getItem('mycelius_outbox_m-1')!)).toEqual([entry, second]);
    expect(readOutbox('m-1')).toEqual([entry, second]);
    expect(readOutbox('m-3')).toEqual([]);
  });

  it('removes the key once nothing waits', () => {
    writeOutbox('m-1', [entry]);
    writeOutbox('m-1', []);
    expect(localStorage.getItem('mycelius_outbox_m-1')).toBeNull();
  });

  it('sets a damaged outbox aside and reads it as empty', () => {
    const bad = JSON.stringify([{ ...entry, text: '' }]);
    localStorage.setItem('mycelius_outbox_m-1', bad);
    expect(readOutbox('m-1')).toEqual([]);
    expect(localStorage.getItem('mycelius_outbox_m-1.corrupt')).toBe(bad);
  });

  it('refuses entries off the contract: empty or over-long fields, a negative time', () => {
    for (const broken of [
      { ...entry, to: '' },
      { ...entry, to: 'm'.repeat(65) },
      { ...entry, clientId: '' },
      { ...entry, clientId: 'c'.repeat(65) },
      { ...entry, text: 'x'.repeat(2001) },
      { ...entry, text: '   ' },
      { ...entry, text: ` ${'x'.repeat(2001)} ` },
      { ...entry, queuedAt: -1 },
      { ...entry, queuedAt: 1.5 },
    ]) {
      localStorage.setItem('mycelius_outbox_m-1', JSON.stringify([broken]));
      expect(readOutbox('m-1')).toEqual([]);
    }
    const longest = { ...entry, to: 'm'.repeat(64), clientId: 'c'.repeat(64), text: 'x'.repeat(2000), queuedAt: 0 };
    localStorage.setItem('mycelius_outbox_m-1', JSON.stringify([longest]));
    expect(readOutbox('m-1')).toEqual([longest]);
  });

  it('keeps a message of 2000 characters sent with spaces around it, as the chat and the server count it trimmed', () => {
    const spaced = { ...entry, text: `  ${'x'.repeat(2000)}  ` };
    const next = { ...entry, clientId: 'c-2', text: 'and this' };
    writeOutbox('m-1', [spaced, next]);
    expect(readOutbox('m-1')).toEqual([spaced, next]);
  });
});
