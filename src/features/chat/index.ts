// What the chat feature offers the others; anything not listed here is its own business.
export { type ChatPipelineContext, type ChatSources, type ComposerEvent, LEFT, type LeaveEvent, chatPipelineImplementations, leaveStates, pipelineContext, replyingState, saveFailed, selectReplying, selectSaveError, selectSaving, talkStates } from './machines/chatPipeline';
export { appendChatLog } from './storage/chatLogs';
export { deviceSources } from './actors/deviceSources';
