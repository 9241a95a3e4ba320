import type { ServerConfig } from '../config';
import { createGeminiProvider } from './gemini';
import { createLocalProvider } from './local';
import type { AiProvider } from './provider';

/** Gemini when a key is configured, otherwise the local engine (README.md "Run it": no account needed). */
export function chooseProvider(config: ServerConfig): AiProvider {
  const { apiKey } = config.gemini;
  return apiKey ? createGeminiProvider({ ...config.gemini, apiKey }) : createLocalProvider();
}
