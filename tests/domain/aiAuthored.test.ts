import { describe, expect, it } from 'vitest';
import { friendPersonaWrote, partnerPersonaWrote, revealedPersonaWrote } from '../../src/domain/aiAuthored';
import type { ChatMessage } from '../../src/domain/chat';

// Honest labels: the chat marks 'AI persona' on the lines the AI wrote in a persona's voice,
// never on the user's own lines, the game's system lines or a canned host.

const from = (sender: string): ChatMessage => ({ id: '1', sender, text: 'x', timestamp: '2026-01-01T00:00:00Z', type: 'text' });

describe('AI authorship', () => {
  it('friend chat: everything the friend says', () => {
    expect(friendPersonaWrote(from('other'))).toBe(true);
    expect(friendPersonaWrote(from('user'))).toBe(false);
    expect(friendPersonaWrote(from('system'))).toBe(false);
  });

  it('matched Hot Takes: the partner\'s lines, and nothing while there is no partner', () => {
    expect(partnerPersonaWrote('Maya')(from('Maya'))).toBe(true);
    expect(partnerPersonaWrote('Maya')(from('other'))).toBe(false);
    expect(partnerPersonaWrote('Maya')(from('user'))).toBe(false);
    expect(partnerPersonaWrote('')(from(''))).toBe(false);
  });

  it('solo Hot Takes: only the revealed take signed with a name', () => {
    expect(revealedPersonaWrote(from('Maya'))).toBe(true);
    expect(revealedPersonaWrote(from('user'))).toBe(false);
    expect(revealedPersonaWrote(from('other'))).toBe(false);
    expect(revealedPersonaWrote(from('system'))).toBe(false);
  });
});
