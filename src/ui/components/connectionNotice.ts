// The notice a declined or failed OAuth round trip hands to the screen it returns to, as router state: it
// lives in that one history entry, so it is not shown again once the person moves on.

export function connectionNoticeState(notice: string): { connectionNotice: string } {
  return { connectionNotice: notice };
}

/** The notice in a location's state, if it carries one (history state is whatever the entry was given). */
export function connectionNoticeOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('connectionNotice' in state)) return null;
  const notice = state.connectionNotice;
  return typeof notice === 'string' && notice !== '' ? notice : null;
}
