import type { User } from './user';
import { messages } from './messages';
import { pickIndex } from './random';

// Friend chat's own lines (docs/product.md: "starting with a greeting from the friend"). The greeting is
// built from the friend's name and interests so it reads as theirs without an AI round trip before the
// first message, and it is stable per friend so a reopened chat greets the same way.

function stableIndex(seed: string, length: number): number {
  let hash = 0;
  for (const ch of seed) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  return length > 0 ? hash % length : 0;
}

export function friendGreeting(friend: Pick<User, 'id' | 'username' | 'interests'>): string {
  const [first, second] = friend.interests;
  const name = friend.username;
  if (!first) return `Hey, it's ${name}! 👋 Good to see you. What's new with you?`;
  const lines = [
    `Hey, it's ${name}! 👋 I've been deep into ${first} lately. What have you been up to?`,
    `Oh hey! ${name} here. 😄 Perfect timing, I was just thinking about ${first}. What's new with you?`,
    second
      ? `Hi! It's ${name}. 👋 Quick question before anything else: ${first} or ${second}?`
      : `Hi! It's ${name}. 👋 Tell me you've tried ${first} by now!`,
  ];
  return lines[stableIndex(friend.id, lines.length)]!;
}

const TAGLINE_MAX = 80;

/** The chat header's line under the friend's name: the first sentence of their personality, kept short. */
export function friendTagline(friend: Pick<User, 'personality' | 'interests'>): string {
  const personality = friend.personality?.trim() ?? '';
  if (!personality) return friend.interests.length ? `Into ${friend.interests.slice(0, 3).join(', ')}` : 'Your friend';
  const sentence = /^.*?[.!?](?=\s|$)/.exec(personality)?.[0] ?? personality;
  const chars = Array.from(sentence);
  return chars.length > TAGLINE_MAX ? `${chars.slice(0, TAGLINE_MAX - 3).join('').trimEnd()}...` : sentence;
}

/** What /chat/:friendId shows when the id names nobody (a stale link, or a friend whose data was cleared). */
export const FRIEND_NOT_FOUND = {
  title: 'Friend not found',
  text: "We couldn't find that friend. They may have been removed, or the link is out of date.",
} as const;

/** docs/product.md: a failed friend reply is one of six canned replies, picked at random. */
export function friendChatFallback(r: number): string {
  const replies = messages.ai.friendChatFallbacks;
  return replies[pickIndex(r, replies.length)]!;
}
