import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { liveLinkFor, type LiveActor } from '../../machines/liveLink';
import { useLive } from './LiveContext';

// What the member screens take from the app's one live actor: a 'liveLink' for their machines, and who is online.

/** The 'liveLink' actor logic a member machine invokes, made from the given live actor. */
export function useLiveLinkLogic(live: LiveActor) {
  return useMemo(() => liveLinkFor(live), [live]);
}

const nobody: readonly string[] = [];

/** Member friends online now (as their Online Status allows); nobody for a guest or before the socket is ready. */
export function useOnlineFriends(): ReadonlySet<string> {
  const ids = useSelector(useLive() ?? undefined, (s) => s?.context.onlineFriends ?? nobody);
  return useMemo(() => new Set(ids), [ids]);
}
