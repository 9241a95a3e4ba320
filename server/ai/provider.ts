import type {
  BioRequest,
  ChatReplyRequest,
  FirstResponseRequest,
  HotTakesPromptRequest,
  PersonaHotTakeRequest,
  SimilarityRequest,
  SimilarityResponse,
} from '../../src/domain/aiContract';

/** One method per AI feature of docs/product.md. Text answers may be empty; the route fills in. */
export interface AiProvider {
  readonly name: 'gemini' | 'local';
  bio(req: BioRequest): Promise<string>;
  hotTakesPrompt(req: HotTakesPromptRequest): Promise<string>;
  personaHotTake(req: PersonaHotTakeRequest): Promise<string>;
  chatReply(req: ChatReplyRequest): Promise<string>;
  firstResponse(req: FirstResponseRequest): Promise<string>;
  similarity(req: SimilarityRequest): Promise<Required<SimilarityResponse>>;
}

export type AiFailureKind = 'rate_limited' | 'failed' | 'timeout';

/** A provider failure the routes turn into 429/502. The message is for the server log only. */
export class AiFailure extends Error {
  constructor(
    readonly kind: AiFailureKind,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AiFailure';
  }
}
