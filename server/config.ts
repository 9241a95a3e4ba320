import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { join } from 'node:path';
import { z } from 'zod';
import { LIVE_SOCKETS_PER_ADDRESS, LIVE_SOCKETS_PER_MEMBER, liveSocketLimits, type LiveSocketLimits } from './live/socketSlots';

// Settings come from the environment, validated once at start. A provider without credentials runs
// as a demo provider (the same fake the tests use) mounted under /demo on this server.

const optional = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const LOOPBACK_HOSTNAMES = ['localhost', '127.0.0.1', '[::1]'] as const;

/** True for names that only ever reach this machine (IPv6 in URL form, with brackets, or bare). */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare);
}

/** An http(s) URL; anything else (javascript:, file:, a bare word) fails at start with the setting named. */
const httpUrl = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((v) => (v.trim() === '' ? fallback : v.trim()))
    .refine((v) => /^https?:$/.test(safeUrl(v)?.protocol ?? ''), 'must be an http:// or https:// URL');

function safeUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

const count = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(5173),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  PUBLIC_ORIGIN: optional.refine((v) => {
    const url = v === undefined ? undefined : safeUrl(v);
    return v === undefined || (url !== undefined && /^https?:$/.test(url.protocol) && url.origin === v.replace(/\/+$/, ''));
  }, 'must be an http:// or https:// origin with no path, such as https://mycelius.example'),
  DIST_DIR: z.string().default('dist'),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: optional,
  SPOTIFY_CLIENT_ID: optional,
  SPOTIFY_CLIENT_SECRET: optional,
  SPOTIFY_ACCOUNTS_URL: httpUrl('https://accounts.spotify.com'),
  SPOTIFY_API_URL: httpUrl('https://api.spotify.com/v1'),
  TRAKT_CLIENT_ID: optional,
  TRAKT_CLIENT_SECRET: optional,
  TRAKT_AUTH_URL: httpUrl('https://auth.trakt.tv'),
  TRAKT_API_URL: httpUrl('https://api.trakt.tv'),
  STEAM_API_KEY: optional,
  STEAM_API_URL: httpUrl('https://api.steampowered.com'),
  GEMINI_API_KEY: optional,
  GEMINI_MODEL: z.string().regex(/^[A-Za-z0-9._-]{1,100}$/, 'must be a model name such as gemini-2.5-flash-lite').default('gemini-2.5-flash-lite'),
  // The key travels with every call, so only https, or plain http to a fake on this machine.
  GEMINI_BASE_URL: optional.refine((v) => {
    const url = v === undefined ? undefined : safeUrl(v);
    return v === undefined || (url !== undefined && (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname))));
  }, 'must be an https:// URL (or http:// on loopback, for a local fake)'),
  AI_TIMEOUT_MS: count(15_000),
  UPSTREAM_TIMEOUT_MS: count(10_000),
  RATE_LIMIT_STEAM_PER_MINUTE: count(60),
  RATE_LIMIT_AI_PER_MINUTE: count(60),
  RATE_LIMIT_AUTH_PER_MINUTE: count(20),
  RATE_LIMIT_DATA_PER_MINUTE: count(60),
  RATE_LIMIT_DEMO_PER_MINUTE: count(120),
  RATE_LIMIT_SIGNUP_PER_HOUR: count(10),
  RATE_LIMIT_PASSWORD_RESET_PER_HOUR: count(10),
  SMTP_URL: optional.refine((v) => v === undefined || /^smtps?:$/.test(safeUrl(v)?.protocol ?? ''), 'must be an smtp:// or smtps:// URL, such as smtps://user:password@mail.example:465'),
  MAIL_FROM: optional,
  AI_DAILY_LIMIT: count(2000),
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  MAX_CONNECTIONS: count(512),
  LIVE_SOCKETS_PER_ADDRESS: count(LIVE_SOCKETS_PER_ADDRESS),
  SAMPLE_PEOPLE: z.enum(['auto', 'on', 'off']).default('auto'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
});

/** A setting that cannot work: the server refuses to start and says which and why. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export interface OAuthProviderConfig {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  apiUrl: string;
  redirectUri: string;
  demo: boolean;
}

export interface DatabaseConfig {
  dataDir: string;
  url?: string;
}

export interface ServerConfig {
  port: number;
  host: string;
  origin: string;
  distDir: string;
  appVersion: string;
  /** Members live in PGlite under `dataDir`, or in the Postgres server at `url` when it is set. */
  database: DatabaseConfig;
  spotify: OAuthProviderConfig & { scopes: readonly string[] };
  trakt: OAuthProviderConfig;
  steam: { apiKey: string; apiUrl: string; demo: boolean };
  gemini: { apiKey?: string; model: string; baseUrl?: string; timeoutMs: number };
  upstreamTimeoutMs: number;
  rateLimits: {
    steamPerMinute: number;
    aiPerMinute: number;
    authPerMinute: number;
    dataPerMinute: number;
    demoPerMinute: number;
    aiPerDay: number;
    /** Sign-ups one client may attempt per hour, counted in the database. */
    signupsPerHour: number;
    /** 'Forgot password?' requests one client may make per hour, counted in the database. */
    passwordResetsPerHour: number;
  };
  /** Outgoing mail: SMTP when smtpUrl is set, else .eml files in mailDir (server/mail/mailer.ts). */
  mail: { smtpUrl: string | undefined; from: string; mailDir: string };
  /** How many reverse proxies in front of this server append to X-Forwarded-For (0: trust none). */
  trustProxyHops: number;
  /** Host names (no port) this server answers to; anything else is refused (DNS rebinding). */
  allowedHostnames: readonly string[];
  maxConnections: number;
  /** /api/live sockets per member, per client address and in all (a share of maxConnections). */
  liveSockets: LiveSocketLimits;
  /** Sample people in members' discover: 'auto' only while the member's community is small. */
  samplePeople: 'auto' | 'on' | 'off';
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
}

export const SPOTIFY_SCOPES = [
  'user-read-private',
  'user-read-email',
  'user-top-read',
  'user-read-recently-played',
  'user-library-read',
  'playlist-read-private',
  'playlist-read-collaborative',
  'user-follow-read',
  'user-read-currently-playing',
  'user-read-playback-state',
] as const;

export const DEMO_PREFIX = '/demo';

function demoSecret(): string {
  return randomBytes(24).toString('hex');
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** The host part of the default origin: a wildcard listen address is reached on loopback; IPv6 needs brackets. */
function originHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '[::]') return '127.0.0.1';
  const bare = host.replace(/^\[|\]$/g, '');
  return isIP(bare) === 6 ? `[${bare}]` : bare;
}

/** The Host names answered: the origin's, and every loopback name when the server or its origin is on loopback. */
export function allowedHostnames(origin: string, host: string): string[] {
  const names = new Set([new URL(origin).hostname.toLowerCase()]);
  if (isLoopbackHost(host) || isLoopbackHost(new URL(origin).hostname)) for (const name of LOOPBACK_HOSTNAMES) names.add(name);
  return [...names];
}

export function loadConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`));
  }
  const e = parsed.data;
  const origin = trimSlash(e.PUBLIC_ORIGIN ?? `http://${originHost(e.HOST)}:${e.PORT}`);
  const demoBase = `${origin}${DEMO_PREFIX}`;

  const spotifyDemo = !(e.SPOTIFY_CLIENT_ID && e.SPOTIFY_CLIENT_SECRET);
  const spotifyAccounts = spotifyDemo ? `${demoBase}/spotify` : trimSlash(e.SPOTIFY_ACCOUNTS_URL);
  const traktDemo = !(e.TRAKT_CLIENT_ID && e.TRAKT_CLIENT_SECRET);
  const traktAuth = traktDemo ? `${demoBase}/trakt` : trimSlash(e.TRAKT_AUTH_URL);
  const steamDemo = !e.STEAM_API_KEY;

  return {
    port: e.PORT,
    host: e.HOST,
    origin,
    distDir: e.DIST_DIR,
    database: { dataDir: e.DATA_DIR, url: e.DATABASE_URL },
    appVersion: '1.0.0',
    spotify: {
      clientId: spotifyDemo ? 'mycelius-demo-spotify' : (e.SPOTIFY_CLIENT_ID as string),
      clientSecret: spotifyDemo ? demoSecret() : (e.SPOTIFY_CLIENT_SECRET as string),
      authorizeUrl: `${spotifyAccounts}/authorize`,
      tokenUrl: `${spotifyAccounts}/api/token`,
      apiUrl: spotifyDemo ? `${demoBase}/spotify/v1` : trimSlash(e.SPOTIFY_API_URL),
      redirectUri: `${origin}/spotify/callback`,
      scopes: SPOTIFY_SCOPES,
      demo: spotifyDemo,
    },
    trakt: {
      clientId: traktDemo ? 'mycelius-demo-trakt' : (e.TRAKT_CLIENT_ID as string),
      clientSecret: traktDemo ? demoSecret() : (e.TRAKT_CLIENT_SECRET as string),
      authorizeUrl: `${traktAuth}/oauth/authorize`,
      tokenUrl: `${traktAuth}/oauth/token`,
      apiUrl: traktDemo ? `${demoBase}/trakt/api` : trimSlash(e.TRAKT_API_URL),
      redirectUri: `${origin}/callback`,
      demo: traktDemo,
    },
    steam: {
      apiKey: steamDemo ? demoSecret() : (e.STEAM_API_KEY as string),
      apiUrl: steamDemo ? `${demoBase}/steam` : trimSlash(e.STEAM_API_URL),
      demo: steamDemo,
    },
    gemini: { apiKey: e.GEMINI_API_KEY, model: e.GEMINI_MODEL, baseUrl: e.GEMINI_BASE_URL, timeoutMs: e.AI_TIMEOUT_MS },
    upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS,
    rateLimits: {
      steamPerMinute: e.RATE_LIMIT_STEAM_PER_MINUTE,
      aiPerMinute: e.RATE_LIMIT_AI_PER_MINUTE,
      authPerMinute: e.RATE_LIMIT_AUTH_PER_MINUTE,
      dataPerMinute: e.RATE_LIMIT_DATA_PER_MINUTE,
      demoPerMinute: e.RATE_LIMIT_DEMO_PER_MINUTE,
      aiPerDay: e.AI_DAILY_LIMIT,
      signupsPerHour: e.RATE_LIMIT_SIGNUP_PER_HOUR,
      passwordResetsPerHour: e.RATE_LIMIT_PASSWORD_RESET_PER_HOUR,
    },
    trustProxyHops: e.TRUST_PROXY,
    allowedHostnames: allowedHostnames(origin, e.HOST),
    maxConnections: e.MAX_CONNECTIONS,
    liveSockets: liveSocketLimits(e.MAX_CONNECTIONS, LIVE_SOCKETS_PER_MEMBER, e.LIVE_SOCKETS_PER_ADDRESS),
    samplePeople: e.SAMPLE_PEOPLE,
    logLevel: e.LOG_LEVEL,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM ?? `Mycelius <no-reply@${new URL(origin).hostname}>`, mailDir: join(e.DATA_DIR, 'mail') },
  };
}
