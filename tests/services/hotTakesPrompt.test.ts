// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { hotTakesMatchActorsWith } from '../../src/features/games/actors/hotTakesMatch.actors';
import { loadGamePrompt } from '../../src/features/games/services/hotTakes';
import { createViewerSource } from '../../src/shared/session/viewer';
import { generateFirstResponse, generateHotTakesPrompt, generateMatchedChatReply, generatePersonaHotTake } from '../../src/shared/http/ai';

const FIRST = 'Topic: Metal\nMetal peaked years ago and everything since is a remix. Agree or disagree? Back it up with one song.';
const SECOND = 'Topic: Metal\nMetal sounds better live than it ever will in headphones. True or false? Make your case.';

describe('the game prompt: the next game is told which prompt was just played', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    localStorage.clear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('sends no previous prompt for the first game, then the first game prompt for the second (a new screen knows none)', async () => {
    const { gamePrompt } = hotTakesMatchActorsWith(createViewerSource(), { generateHotTakesPrompt, generatePersonaHotTake, generateFirstResponse, generateMatchedChatReply });
    const newScreenAsks = () => toPromise(createActor(gamePrompt, { input: { previous: null } }).start());
    fetchMock
      .mockResolvedValueOnce(new Response(JSON.stringify({ text: FIRST }), { headers: { 'content-type': 'application/json' } }))
      .mockResolvedValueOnce(new Response(JSON.stringify({ text: SECOND }), { headers: { 'content-type': 'application/json' } }));
    await expect(newScreenAsks()).resolves.toBe(FIRST);
    await expect(newScreenAsks()).resolves.toBe(SECOND);
    const bodies = fetchMock.mock.calls.map(([, init]) => JSON.parse(init!.body as string) as unknown);
    expect(bodies).toEqual([{ interests: [] }, { interests: [], previous: FIRST }]);
  });

  it('asks again when the AI answers the prompt just played anyway, and gives up repeating after two more tries', async () => {
    const answer = (text: string) => new Response(JSON.stringify({ text }), { headers: { 'content-type': 'application/json' } });
    fetchMock.mockResolvedValueOnce(answer(`  ${FIRST.toUpperCase()} `)).mockResolvedValueOnce(answer(SECOND));
    await expect(loadGamePrompt(FIRST)).resolves.toBe(SECOND);
    expect(fetchMock).toHaveBeenCalledTimes(2);

    fetchMock.mockReset();
    fetchMock.mockImplementation(() => Promise.resolve(answer(SECOND)));
    await expect(loadGamePrompt(SECOND)).resolves.toBe(SECOND);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
