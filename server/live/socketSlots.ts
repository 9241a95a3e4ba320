// How many /api/live sockets this server process holds, by member and by client address. A slot is
// taken when the handshake starts (address, server) or is known to be a member's (member), before the
// socket is accepted, and given back when it is refused or closes. The server-wide count stays below
// MAX_CONNECTIONS, so plain HTTP (health checks, the app itself) keeps connections of its own however
// many sockets are open.

export interface LiveSocketLimits {
  /** Open sockets (tabs) one member may hold on this server. */
  perMember: number;
  /** Open or opening sockets from one client address (an IPv6 /64 counts as one). */
  perAddress: number;
  /** Open or opening sockets on this server in all. */
  total: number;
}

/** The live share of MAX_CONNECTIONS: the rest stays for HTTP requests. */
export const LIVE_SHARE_OF_CONNECTIONS = 0.75;
export const LIVE_SOCKETS_PER_MEMBER = 10;
export const LIVE_SOCKETS_PER_ADDRESS = 64;

/** The limits for a server capped at `maxConnections`. */
export function liveSocketLimits(maxConnections: number, perMember = LIVE_SOCKETS_PER_MEMBER, perAddress = LIVE_SOCKETS_PER_ADDRESS): LiveSocketLimits {
  return { perMember, perAddress, total: Math.max(1, Math.floor(maxConnections * LIVE_SHARE_OF_CONNECTIONS)) };
}

export type SlotRefusal = 'address' | 'server' | 'member';

export interface SocketSlots {
  /** A handshake from `address` starts; undefined when it may go on. */
  enter(address: string): SlotRefusal | undefined;
  /** The handshake turned out to be `memberId`'s; false when the member already holds every slot. */
  claimMember(memberId: string): boolean;
  /** The handshake was refused or the socket closed: gives back what `enter` and `claimMember` took. */
  leave(address: string, memberId?: string): void;
}

function add(counts: Map<string, number>, key: string, by: number): void {
  const next = (counts.get(key) ?? 0) + by;
  if (next <= 0) counts.delete(key);
  else counts.set(key, next);
}

export function createSocketSlots(limits: LiveSocketLimits): SocketSlots {
  const byAddress = new Map<string, number>();
  const byMember = new Map<string, number>();
  let total = 0;
  return {
    enter(address) {
      if (total >= limits.total) return 'server';
      if ((byAddress.get(address) ?? 0) >= limits.perAddress) return 'address';
      total += 1;
      add(byAddress, address, 1);
      return undefined;
    },
    claimMember(memberId) {
      if ((byMember.get(memberId) ?? 0) >= limits.perMember) return false;
      add(byMember, memberId, 1);
      return true;
    },
    leave(address, memberId) {
      total -= 1;
      add(byAddress, address, -1);
      if (memberId !== undefined) add(byMember, memberId, -1);
    },
  };
}
