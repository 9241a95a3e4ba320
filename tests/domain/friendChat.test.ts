import { describe, expect, it } from 'vitest';
import { friendGreeting, friendTagline } from '../../src/domain/friendChat';

// The friend chat opens with the friend's greeting (docs/product.md); the header shows a short
// line about them. The wording is ours, so the expected texts are written out here.
describe('friendGreeting', () => {
  it('without interests says hello by name', () => {
    expect(friendGreeting({ id: 'user-1', username: 'Ana', interests: [] })).toBe("Hey, it's Ana! 👋 Good to see you. What's new with you?");
  });

  it('picks one of three lines from the friend id, the same every time', () => {
    const greetings = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => friendGreeting({ id, username: 'Ana', interests: ['Jazz', 'Chess'] }));
    expect(new Set(greetings)).toEqual(new Set([
      "Hey, it's Ana! 👋 I've been deep into Jazz lately. What have you been up to?",
      "Oh hey! Ana here. 😄 Perfect timing, I was just thinking about Jazz. What's new with you?",
      "Hi! It's Ana. 👋 Quick question before anything else: Jazz or Chess?",
    ]));
    expect(friendGreeting({ id: 'c', username: 'Ana', interests: ['Jazz', 'Chess'] })).toBe(greetings[2]);
  });

  it('asks about the one interest when there is only one', () => {
    const lines = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => friendGreeting({ id, username: 'Bo', interests: ['Jazz'] }));
    expect(lines).toContain("Hi! It's Bo. 👋 Tell me you've tried Jazz by now!");
    expect(lines.some((line) => line.includes(' or '))).toBe(false);
  });
});

describe('friendTagline', () => {
  it('is the first sentence of the personality', () => {
    expect(friendTagline({ personality: '  Loud and proud! Also shy.  ', interests: [] })).toBe('Loud and proud!');
    expect(friendTagline({ personality: 'Calm? Mostly. Yes.', interests: [] })).toBe('Calm?');
  });

  it('keeps a personality without a sentence end whole', () => {
    expect(friendTagline({ personality: 'Plays v1.2 of everything', interests: [] })).toBe('Plays v1.2 of everything');
  });

  it('cuts a sentence longer than 80 characters to 77 and adds ...', () => {
    const long = `${'a'.repeat(76)} bcdefgh.`;
    expect(friendTagline({ personality: long, interests: [] })).toBe(`${'a'.repeat(76)}...`);
    const exactly80 = `${'b'.repeat(79)}.`;
    expect(friendTagline({ personality: exactly80, interests: [] })).toBe(exactly80);
  });

  it('counts emoji as one character each', () => {
    const emoji = `${'🔥'.repeat(79)}.`;
    expect(friendTagline({ personality: emoji, interests: [] })).toBe(emoji);
  });

  it('without a personality lists up to three interests, or says "Your friend"', () => {
    expect(friendTagline({ personality: '', interests: ['Jazz', 'Chess', 'Go', 'Tea'] })).toBe('Into Jazz, Chess, Go');
    expect(friendTagline({ personality: '   ', interests: [] })).toBe('Your friend');
  });
});
