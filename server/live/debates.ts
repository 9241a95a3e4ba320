import { COMMUNITIES } from '../../src/domain/community';
import { chatErrorTexts, DEBATE_FALLBACK_PROMPT, type ChatErrorCode, type ClientFrame } from '../../src/domain/liveContract';
import type { AiProvider } from '../ai/provider';
import { silentLogger, type Logger } from '../lib/log';
import {
  endDebate,
  hasOtherConnection,
  joinQueue,
  leaveQueue,
  likelyOpponent,
  loadDebate,
  loadDebateMessage,
  openDebateIds,
  promptMaterial,
  storeDebateMessage,
  storeTake,
  type MoveOutcome,
  type SayOutcome,
} from './debateQueries';
import { debateViewFor } from './debateView';
import type { LiveDeps, LiveFeature, LiveFeatureFactory, LiveSocket } from './feature';

// Hot Takes against a person. The rules live in the database (debateQueries.ts);
// a change of phase (a match, the takes, the end) publishes the debate's id, and each server pushes the
// whole state to the debaters whose sockets it holds, each seeing their own side. A message publishes
// only its own id and is pushed alone, so a push does not grow with the debate.

/** How long a debater may be without any socket (a reload, a network blip) before the debate ends for both. */
export const DEBATE_DISCONNECT_GRACE_MS = 5_000;

export interface DebateFeatureOptions {
  /** The server's AI: writes the debate's prompt from both members' interests. */
  ai: Pick<AiProvider, 'hotTakesPrompt'>;
  log?: Logger;
  /** Tests pass 0 to end a debate as soon as the last socket closes. */
  disconnectGraceMs?: number;
  /** Runs `task` after `ms` and returns a cancel (setTimeout by default; tests run the task themselves). */
  schedule?: (task: () => Promise<void>, ms: number) => () => void;
}

function scheduleWithTimer(task: () => Promise<void>, ms: number): () => void {
  const timer = setTimeout(() => void task(), ms);
  return () => clearTimeout(timer);
}

type DebateFrame = Extract<ClientFrame, { type: `debate.${string}` }>;

function isDebateFrame(frame: ClientFrame): frame is DebateFrame {
  return frame.type.startsWith('debate.');
}

/** Only a known community is kept (anything else means everyone). */
function knownCommunity(community: string | null): string | null {
  return community !== null && (COMMUNITIES as readonly string[]).includes(community) ? community : null;
}

function refuse(socket: LiveSocket, code: ChatErrorCode): void {
  socket.reply({ type: 'error', code, message: chatErrorTexts[code] });
}

export function createDebateFeature(options: DebateFeatureOptions): LiveFeatureFactory {
  const log = options.log ?? silentLogger;
  const graceMs = options.disconnectGraceMs ?? DEBATE_DISCONNECT_GRACE_MS;
  const schedule = options.schedule ?? scheduleWithTimer;

  return ({ db, bus, sockets, now }: LiveDeps): LiveFeature => {
    /** Per member: cancels the end waiting on their grace period. */
    const pendingEnds = new Map<string, () => void>();
    const cancelPendingEnd = (memberId: string) => {
      pendingEnds.get(memberId)?.();
      pendingEnds.delete(memberId);
    };
    let stopping = false;

    const changed = (debateId: string) => bus.publish({ kind: 'debate', debateId });

    async function writePrompt(me: string, community: string | null): Promise<string> {
      try {
        // Already in a debate: the join only brings it back, so no prompt is needed.
        if ((await openDebateIds(db, me)).length > 0) return DEBATE_FALLBACK_PROMPT;
        const opponent = await likelyOpponent(db, me, community);
        // Nobody is waiting: this member will be the one waiting, so no prompt is needed yet.
        if (!opponent) return DEBATE_FALLBACK_PROMPT;
        const { interests, previous } = await promptMaterial(db, me, opponent);
        const prompt = (await options.ai.hotTakesPrompt({ interests, ...(previous ? { previous } : {}) })).trim();
        return prompt === '' ? DEBATE_FALLBACK_PROMPT : prompt;
      } catch (error) {
        log.warn('debate prompt failed: using the fallback prompt', { error });
        return DEBATE_FALLBACK_PROMPT;
      }
    }

    /** Ends every debate `me` is still in, as `me` leaving it. */
    async function leaveDebates(me: string): Promise<void> {
      for (const debateId of await openDebateIds(db, me)) {
        if (await endDebate(db, debateId, me, new Date(now()))) await changed(debateId);
      }
    }

    async function sendStateTo(socket: LiveSocket, debateId: string): Promise<void> {
      const debate = await loadDebate(db, debateId);
      if (debate) socket.reply({ type: 'debate.state', debate: debateViewFor(debate, socket.memberId) });
    }

    async function join(socket: LiveSocket, community: string | null): Promise<void> {
      const chosen = knownCommunity(community);
      // The prompt is written before the queue's lock is taken, so a slow AI never holds up matchmaking.
      const prompt = await writePrompt(socket.memberId, chosen);
      const joined = await joinQueue(db, socket.memberId, chosen, prompt);
      if (joined.outcome === 'matched') await changed(joined.debateId);
      else if (joined.outcome === 'resumed') await sendStateTo(socket, joined.debateId);
      else socket.reply({ type: 'debate.queued' });
    }

    async function answerTake(socket: LiveSocket, debateId: string, outcome: MoveOutcome): Promise<void> {
      if (outcome === 'notFound') refuse(socket, 'DEBATE_NOT_FOUND');
      else if (outcome === 'stored') await changed(debateId);
      // A repeated take gets the state back, so a retrying client learns where things stand; only it.
      else await sendStateTo(socket, debateId);
    }

    async function answerSay(socket: LiveSocket, debateId: string, said: SayOutcome): Promise<void> {
      if (!('messageId' in said)) {
        refuse(socket, said.outcome === 'notFound' ? 'DEBATE_NOT_FOUND' : said.outcome === 'full' ? 'DEBATE_FULL' : 'INVALID_REQUEST');
      } else if (said.outcome === 'stored') {
        await bus.publish({ kind: 'debateMessage', debateId, messageId: said.messageId });
      } else {
        // A repeated message gets the stored one back (its client id ends the wait); only the one asking.
        const stored = await loadDebateMessage(db, debateId, said.messageId);
        if (stored) socket.reply({ type: 'debate.message', debateId, message: stored.message });
      }
    }

    async function endForGood(memberId: string, connectionId: string): Promise<void> {
      if (stopping || (await hasOtherConnection(db, memberId, connectionId))) return;
      await leaveQueue(db, memberId);
      await leaveDebates(memberId);
    }

    async function pushMessage(debateId: string, messageId: string): Promise<void> {
      const stored = await loadDebateMessage(db, debateId, messageId);
      if (!stored) return;
      for (const memberId of stored.members) {
        if (sockets.connectedHere(memberId)) sockets.sendToMember(memberId, { type: 'debate.message', debateId, message: stored.message });
      }
    }

    async function pushState(debateId: string): Promise<void> {
      const debate = await loadDebate(db, debateId);
      if (!debate) return;
      for (const side of debate.sides) {
        if (sockets.connectedHere(side.id)) sockets.sendToMember(side.id, { type: 'debate.state', debate: debateViewFor(debate, side.id) });
      }
    }

    return {
      async onConnect(socket) {
        cancelPendingEnd(socket.memberId);
        // Back after a reload or a blip: the debate carries on where it was.
        for (const debateId of await openDebateIds(db, socket.memberId)) await sendStateTo(socket, debateId);
      },

      async onDisconnect(socket) {
        if (stopping) return;
        if (graceMs <= 0) return endForGood(socket.memberId, socket.connectionId);
        cancelPendingEnd(socket.memberId);
        pendingEnds.set(
          socket.memberId,
          schedule(async () => {
            pendingEnds.delete(socket.memberId);
            await endForGood(socket.memberId, socket.connectionId).catch((error: unknown) => log.error('ending a debate after a disconnect failed', { error }));
          }, graceMs),
        );
      },

      async onFrame(socket, frame) {
        if (!isDebateFrame(frame)) return false;
        const me = socket.memberId;
        switch (frame.type) {
          case 'debate.join':
            await join(socket, frame.community);
            break;
          case 'debate.cancel':
            await leaveQueue(db, me);
            break;
          case 'debate.take':
            await answerTake(socket, frame.debateId, await storeTake(db, frame.debateId, me, frame.text.trim()));
            break;
          case 'debate.say':
            await answerSay(socket, frame.debateId, await storeDebateMessage(db, frame.debateId, me, frame.clientId, frame.text.trim(), new Date(now())));
            break;
          case 'debate.leave':
            if (await endDebate(db, frame.debateId, me, new Date(now()))) await changed(frame.debateId);
            else refuse(socket, 'DEBATE_NOT_FOUND');
            break;
        }
        return true;
      },

      async onBusEvent(event) {
        if (event.kind === 'debate') await pushState(event.debateId);
        else if (event.kind === 'debateMessage') await pushMessage(event.debateId, event.messageId);
      },

      async stop() {
        // A restart is not anyone leaving: clients reconnect to another server and carry on.
        stopping = true;
        for (const cancel of pendingEnds.values()) cancel();
        pendingEnds.clear();
      },
    };
  };
}
