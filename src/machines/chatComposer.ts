import { appendMessage, isSendable, type ChatMessage } from '../domain/chat';

// What ChatView's composer sends to every chat machine, and the one rule for turning it into the user's
// message: a SEND becomes a 'text' message (untrimmed), an EMOJI an 'emoji' message, both from 'user'.

export type ComposerEvent = { type: 'SEND'; text: string } | { type: 'EMOJI'; emoji: string };

/** docs/product.md section 5: send is ignored for empty or blank text. */
export function isSendableEvent(event: { type: string }): boolean {
  return event.type === 'SEND' && isSendable((event as Extract<ComposerEvent, { type: 'SEND' }>).text);
}

/** `messages` with the user's SEND or EMOJI appended; any other event leaves them as they are. */
export function withUserInput(messages: ChatMessage[], event: { type: string }, now: number): ChatMessage[] {
  if (event.type === 'SEND') {
    return appendMessage(messages, { text: (event as Extract<ComposerEvent, { type: 'SEND' }>).text, sender: 'user' }, now);
  }
  if (event.type === 'EMOJI') {
    return appendMessage(messages, { text: (event as Extract<ComposerEvent, { type: 'EMOJI' }>).emoji, sender: 'user', type: 'emoji' }, now);
  }
  return messages;
}
