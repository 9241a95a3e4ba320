// Every JSON route of the server sits under one base: server/app.ts mounts all routers there, and a
// router registers its paths relative to it. The wire contracts (src/domain) name paths as the client
// calls them, base included; `underApiBase` is the one place that turns such a path into a router's.

export const API_BASE = '/api';

/**
 * A contract path (`/api/friends`) as a router mounted at API_BASE registers it (`/friends`). A path
 * with a parameter is written out from its fixed part (`${underApiBase(SOCIAL_ROUTES.friends)}/:userId`):
 * the contracts' builders would percent-encode the ':userId'.
 */
export function underApiBase(contractPath: string): string {
  if (!contractPath.startsWith(`${API_BASE}/`)) throw new Error(`${contractPath} is not a path under ${API_BASE}`);
  return contractPath.slice(API_BASE.length);
}
