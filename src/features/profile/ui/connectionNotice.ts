// The notice a declined or failed OAuth round trip hands to the screen it returns to, as router state: it
// lives in that one history entry, so it is not shown again once the person moves on.

export function connectionNoticeState(notice: string): { connectionNotice: string } {
  return { connectionNotice: notice };
}

/** A round trip that connected: its notice, and which service, whose card and taste offer are brought into view. */
export function connectedState(notice: string, service: 'spotify' | 'trakt'): { connectionNotice: string; connectedService: 'spotify' | 'trakt' } {
  return { connectionNotice: notice, connectedService: service };
}

/** The service a successful round trip connected, if the location's state says so. */
export function connectedServiceOf(state: unknown): 'spotify' | 'trakt' | null {
  if (typeof state !== 'object' || state === null || !('connectedService' in state)) return null;
  return state.connectedService === 'spotify' || state.connectedService === 'trakt' ? state.connectedService : null;
}

/** The notice in a location's state, if it carries one (history state is whatever the entry was given). */
export function connectionNoticeOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('connectionNotice' in state)) return null;
  const notice = state.connectionNotice;
  return typeof notice === 'string' && notice !== '' ? notice : null;
}
