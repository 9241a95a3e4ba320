import type { ChatMessage } from './chat';

// Honest labels: which chat messages the AI wrote in a persona's voice, so the chat marks them
// 'AI persona'. The user's own lines, the game's system lines and canned game hosts are not personas.

export type AiAuthorship = (message: ChatMessage) => boolean;

/** Friend chat: everything the friend says (greeting and replies) is written in their persona. */
export const friendPersonaWrote: AiAuthorship = (message) => message.sender === 'other';

/** Hot Takes matched chat: the partner's lines carry the partner's name. */
export function partnerPersonaWrote(partnerName: string): AiAuthorship {
  return (message) => partnerName !== '' && message.sender === partnerName;
}

/** Hot Takes solo chat: the revealed take is the only line signed with a person's name. */
export const revealedPersonaWrote: AiAuthorship = (message) => !['user', 'other', 'system'].includes(message.sender);
