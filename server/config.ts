import { randomBytes } from 'node:crypto';
import { z } from 'zod';

// Settings come from the environment, validated once at start. A provider without credentials runs
// as a demo provider (the same fake the tests use) mounted under /demo on this server.

const optional = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(5173),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_ORIGIN: optional,
  DIST_DIR: z.string().default('dist'),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: optional,
  SPOTIFY_CLIENT_ID: optional,
  SPOTIFY_CLIENT_SECRET: optional,
  SPOTIFY_ACCOUNTS_URL: z.url().default('https://accounts.spotify.com'),
  SPOTIFY_API_URL: z.url().default('https://api.spotify.com/v1'),
  TRAKT_CLIENT_ID: optional,
  TRAKT_CLIENT_SECRET: optional,
  TRAKT_AUTH_URL: z.url().default('https://auth.trakt.tv'),
  TRAKT_API_URL: z.url().default('https://api.trakt.tv'),
  STEAM_API_KEY: optional,
  STEAM_API_URL: z.url().default('https://api.steampowered.com'),
  GEMINI_API_KEY: optional,
  GEMINI_MODEL: z.string().default('gemini-2.5-flash-lite'),
  GEMINI_BASE_URL: optional,
  AI_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  RATE_LIMIT_STEAM_PER_MINUTE: z.coerce.number().int().positive().default(60),
  RATE_LIMIT_AI_PER_MINUTE: z.coerce.number().int().positive().default(60),
});

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
  rateLimits: { steamPerMinute: number; aiPerMinute: number };
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

export function loadConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const e = envSchema.parse(env);
  const origin = trimSlash(e.PUBLIC_ORIGIN ?? `http://${e.HOST === '0.0.0.0' ? '127.0.0.1' : e.HOST}:${e.PORT}`);
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
    rateLimits: { steamPerMinute: e.RATE_LIMIT_STEAM_PER_MINUTE, aiPerMinute: e.RATE_LIMIT_AI_PER_MINUTE },
  };
}
