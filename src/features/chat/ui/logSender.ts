import type { ChatLog } from '../../../domain/chat';

/** Stored senders are roles ('user', 'other', 'system') or a persona's name; show people's names. */
export function senderLabel(sender: string, log: ChatLog, gameName: string): string {
  if (sender === 'user') return 'You';
  if (sender === 'other') return log.partner ?? gameName;
  if (sender === 'system') return 'Game';
  return sender;
}
