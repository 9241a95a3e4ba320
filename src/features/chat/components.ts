// What the chat feature offers the other features' screens; anything not listed here is its own business.
export { default as ChatView } from './ui/ChatView';
export { useConversations, useConversationsExpected } from './ui/ConversationsContext';
export { ConversationsSection } from './ui/ConversationsSection';
export { SaveFailedBanner } from './ui/SaveFailedBanner';
