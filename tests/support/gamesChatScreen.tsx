import { render, screen, within } from '@testing-library/react';
import { Suspense, type ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeAll } from 'vitest';
import type { HotTakesMatchAi } from '../../src/features/games/actors/hotTakesMatch.actors';
import { WithChatGamesActors, withHotTakesAi } from './featureActors';

// The games' chat screens as the app routes them: under the chat and games actors, lazy chunks behind a
// fallback, and the Games hub one route away (where leaving a game goes).

/** Renders `chatScreen` for `path` at the route `routePath`, the matched Hot Takes game's AI being `ai`. */
export function renderGamesChat(path: string, routePath: string, chatScreen: ReactElement, ai: HotTakesMatchAi) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <WithChatGamesActors fakes={withHotTakesAi(ai)}>
        <Suspense fallback={<p>Loading</p>}>
          <Routes>
            <Route path={routePath} element={chatScreen} />
            <Route path="/games" element={<p>Games hub</p>} />
          </Routes>
        </Suspense>
      </WithChatGamesActors>
    </MemoryRouter>,
  );
}

/** The texts of the messages in the chat log, oldest first. */
export const bubbles = () => within(screen.getByRole('log')).queryAllByRole('listitem').map((li) => li.querySelector('.message-text')?.textContent);

/** The matched chat is a lazy chunk: loaded once before the file's tests, so finding it is not a race with the module's transform. */
export function loadMatchedChatChunkFirst(): void {
  beforeAll(async () => {
    await import('../../src/features/games/ui/HotTakesMatchChat');
  });
}
