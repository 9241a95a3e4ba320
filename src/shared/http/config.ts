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

let pending: Promise<ClientConfig> | null = null;

/** The server's public configuration, fetched once per page load (a failed fetch is retried next time). */
export function getClientConfig(): Promise<ClientConfig> {
  pending ??= requestJson(`${BACKEND_URL}/config`, clientConfigSchema).catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}
