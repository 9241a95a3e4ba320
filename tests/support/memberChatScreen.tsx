import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import MemberChat from '../../src/features/chat/ui/MemberChat';
import { LiveContext } from '../../src/features/live/ui/LiveContext';
import { WithChatGamesActors } from './featureActors';
import { startLiveRecordingFrames } from './liveRecordingSocket';

/**
 * Mira's chat with bo on screen (the real live actor over a recording socket, already open): ready once
 * bo's name heads the page. `otherRoutes` are the pages the chat may send her to.
 */
export async function openChatWithBo(otherRoutes?: ReactNode) {
  const started = startLiveRecordingFrames('mira-id', () => Date.now());
  act(() => started.live.send({ type: 'socket.opened' }));
  render(
    <LiveContext.Provider value={started.live}>
      <MemoryRouter initialEntries={['/chat/bo-id']}>
        <WithChatGamesActors>
          <Routes>
            <Route path="/chat/:friendId" element={<MemberChat friendId="bo-id" />} />
            {otherRoutes}
          </Routes>
        </WithChatGamesActors>
      </MemoryRouter>
    </LiveContext.Provider>,
  );
  await screen.findByRole('heading', { level: 1, name: 'bo' });
  return started;
}
