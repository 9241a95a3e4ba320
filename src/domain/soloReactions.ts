// What the Hot Takes solo chat says on its own (docs/product.md, "Hot Takes solo chat"): the welcome, the
// 'Alright, the results are in!' verdict on the first take, the line that introduces the revealed take and
// the canned reactions to every later message. docs/product.md leaves the exact wording to us.

import { pickIndex } from './random';

/** The solo chat's opening message (id '1', from 'other'). */
export const SOLO_WELCOME =
  "Welcome to Hot Takes solo! 🔥 No partner, no mercy: what's your hottest take? Drop it below and I'll judge it.";

/** The reply to the first message. docs/product.md fixes only its opening words and that it points to /continue. */
export const SOLO_RESULTS_REPLY =
  'Alright, the results are in! 🌶️ The judges tasted your take and reached for a glass of water. ' +
  "Want to see how someone else would answer it? Type /continue to reveal another player's hot take.";

/** The command the results reply asks for; docs/product.md reveals on the second message whatever it says. */
export const CONTINUE_COMMAND = '/continue';

/** Introduces the revealed take so it is clear whose words follow. */
export function revealIntro(name: string): string {
  return `The verdict is back! Here's what ${name} had to say about your take:`;
}

/** Canned reactions to every message after the reveal, picked at random (their delay: replyTiming.ts). */
export const SOLO_REACTIONS = [
  "Ooh, that's a bold one. The crowd is split right down the middle! 🔥",
  'Hot take detected. Somebody open a window. 🥵',
  "I've heard spicier, but I respect the commitment. 💯",
  "That take just started three arguments in the group chat. 😂",
  "Bold. Wrong, maybe, but bold. Defend it! 👀",
  "Okay, you might actually be onto something there. 🤔",
  "The judges need a minute. That one hurt. 💀",
  "Say that again, louder, for the people in the back! 📣",
] as const;

/** How long the judges 'deliberate' before the results reply: ours, long enough to show the typing line. */
export const SOLO_RESULTS_DELAY_MS = 1200;

export function pickReaction(r: number): string {
  return SOLO_REACTIONS[pickIndex(r, SOLO_REACTIONS.length)]!;
}
