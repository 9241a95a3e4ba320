import { z } from 'zod';
import { requestJson } from './http';

export const BACKEND_URL = '/api';

const providerSchema = z.object({
  clientId: z.string(),
  authorizeUrl: z.string(),
  redirectUri: z.string(),
  demo: z.boolean(),
});

export const clientConfigSchema = z.object({
  spotify: providerSchema.extend({ scopes: z.array(z.string()) }),
  trakt: providerSchema,
  steam: z.object({ demo: z.boolean() }),
  ai: z.object({ provider: z.enum(['gemini', 'local']) }),
  version: z.string(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

/** Answers the server's public configuration. */
export type ClientConfigLoader = () => Promise<ClientConfig>;

/**
 * A loader of the server's public configuration that fetches it once (a failed fetch is retried next time).
 * The app creates one where it is assembled, so the configuration is fetched once per page load.
 */
export function createClientConfigLoader(): ClientConfigLoader {
  let pending: Promise<ClientConfig> | null = null;
  return () => {
    pending ??= requestJson(`${BACKEND_URL}/config`, clientConfigSchema).catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}
