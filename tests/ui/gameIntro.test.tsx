// @vitest-environment happy-dom
import { StrictMode, useState } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GAME_ANIM_INTRO, INTRO_EMOJIS, introForGame, scatterDecorations } from '../../src/domain/gameIntros';
import { GAME_IDS, GAMES } from '../../src/domain/games';
import { IntroSplash } from '../../src/ui/games/IntroSplash';
import GameAnim from '../../src/ui/screens/GameAnim';
import GameIntro from '../../src/ui/screens/GameIntro';

function Where() {
  const location = useLocation();
  const type = useNavigationType();
  return <p data-testid="where">{`${location.pathname} ${type}`}</p>;
}

function renderAt(path: string) {
  return render(
    <StrictMode>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/games/:game/anim" element={<GameIntro />} />
          <Route path="/gameanim" element={<GameAnim />} />
          <Route path="/games/:game/chat" element={<h1>Chat</h1>} />
          <Route path="/chat" element={<h1>Solo chat</h1>} />
          <Route path="/games" element={<h1>Games</h1>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </StrictMode>,
  );
}

async function advance(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}

const where = () => screen.getByTestId('where').textContent;
const stage = () => document.querySelector('.intro')?.getAttribute('data-stage');

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('game intro screen', () => {
  it('brings in the title at 0.5 s, the subtitle at 1.5 s, the caption at 2.5 s, and replaces itself with the chat at 4 s', async () => {
    renderAt('/games/hottakes/anim');
    expect(screen.getByRole('heading', { level: 1, name: 'HOT TAKES' })).toBeInTheDocument();
    expect(screen.getByText('DEBATE ZONE')).toBeInTheDocument();
    expect(stage()).toBe('0');
    expect(screen.getByRole('status')).toHaveTextContent('');

    await advance(499);
    expect(stage()).toBe('0');
    await advance(1);
    expect(stage()).toBe('1');
    await advance(1000);
    expect(stage()).toBe('2');
    expect(screen.getByRole('status')).toHaveTextContent('');
    await advance(1000);
    expect(stage()).toBe('3');
    expect(screen.getByRole('status')).toHaveTextContent('Loading debate arena...');

    await advance(1499);
    expect(where()).toBe('/games/hottakes/anim POP');
    await advance(1);
    expect(where()).toBe('/games/hottakes/chat REPLACE');
    expect(screen.getByRole('heading', { name: 'Chat' })).toBeInTheDocument();
  });

  it('shows every game its own texts and leads to its own chat route', async () => {
    for (const game of GAME_IDS) {
      const view = renderAt(`/games/${game}/anim`);
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(GAMES[game].introTitle);
      expect(screen.getByText(GAMES[game].introSubtitle)).toBeInTheDocument();
      await advance(2500);
      expect(screen.getByRole('status')).toHaveTextContent(GAMES[game].loadingText);
      await advance(1500);
      expect(where()).toBe(`/games/${game}/chat REPLACE`);
      view.unmount();
    }
  });

  it('/gameanim is a Hot Takes intro that leads to /chat', async () => {
    renderAt('/gameanim');
    expect(screen.getByRole('heading', { level: 1, name: GAME_ANIM_INTRO.title })).toBeInTheDocument();
    await advance(2500);
    expect(screen.getByRole('status')).toHaveTextContent(GAME_ANIM_INTRO.loadingText);
    await advance(1500);
    expect(where()).toBe('/chat REPLACE');
  });

  it('floats the 20 emojis and 12 icons in speech bubbles, above and below the title, hidden from assistive tech', () => {
    renderAt('/games/emojistory/anim');
    const skies = [...document.querySelectorAll('.intro-sky')];
    expect(skies.map((sky) => sky.getAttribute('aria-hidden'))).toEqual(['true', 'true']);
    const emojis = skies.flatMap((sky) => [...sky.querySelectorAll('.intro-bubble--emoji')].map((b) => b.textContent));
    expect(emojis.sort()).toEqual([...INTRO_EMOJIS].sort());
    expect(document.querySelectorAll('.intro-sky .intro-bubble--icon svg')).toHaveLength(12);
  });

  it('places the bubbles where the injected random source says', () => {
    // Two copies of one repeatable sequence: one for the screen, one to predict it.
    const sequence = () => {
      let state = 11;
      return () => (state = (state * 16807) % 2147483647) / 2147483647;
    };
    render(
      <MemoryRouter>
        <IntroSplash intro={introForGame('fightclub')!} input={{ random: sequence() }} />
      </MemoryRouter>,
    );
    const shown = [...document.querySelectorAll<HTMLElement>('.intro-bubble')].map((b) => ({
      band: b.closest('.intro-sky--top') ? 'top' : 'bottom',
      x: b.style.getPropertyValue('--x'),
      y: b.style.getPropertyValue('--y'),
    }));
    const expected = scatterDecorations(sequence()).map((d) => ({ band: d.band, x: `${d.x}%`, y: `${d.y}%` }));
    const key = (p: { band: string; x: string; y: string }) => `${p.band} ${p.x} ${p.y}`;
    expect(shown.map(key).sort()).toEqual(expected.map(key).sort());
  });

  it('the back control goes to /games and no chat navigation follows', async () => {
    renderAt('/games/killmyvibe/anim');
    await advance(2000);
    fireEvent.click(screen.getByRole('button', { name: 'Back to Games' }));
    expect(where()).toBe('/games REPLACE');
    await advance(10_000);
    expect(where()).toBe('/games REPLACE');
  });

  it('Skip goes to the chat at once, and only once', async () => {
    renderAt('/games/patchnotes/anim');
    await advance(700);
    fireEvent.click(screen.getByRole('button', { name: 'Skip intro' }));
    expect(where()).toBe('/games/patchnotes/chat REPLACE');
    await advance(10_000);
    expect(where()).toBe('/games/patchnotes/chat REPLACE');
  });

  it('unmounting the intro (leaving by any route change) cancels its timers', async () => {
    function Toggle() {
      const [shown, setShown] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setShown(false)}>hide</button>
          <Routes>
            <Route path="/games/:game/anim" element={shown ? <GameIntro /> : <p>gone</p>} />
            <Route path="/games/:game/chat" element={<h1>Chat</h1>} />
          </Routes>
        </>
      );
    }
    render(
      <StrictMode>
        <MemoryRouter initialEntries={['/games/inventorydrop/anim']}>
          <Toggle />
          <Where />
        </MemoryRouter>
      </StrictMode>,
    );
    await advance(3000);
    expect(stage()).toBe('3');
    fireEvent.click(screen.getByRole('button', { name: 'hide' }));
    expect(screen.getByText('gone')).toBeInTheDocument();
    expect(vi.getTimerCount()).toBe(0);
    await advance(10_000);
    expect(where()).toBe('/games/inventorydrop/anim POP');
  });

  it('shows the not-found screen for a path that names no game', () => {
    renderAt('/games/chess/anim');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(document.querySelector('.intro')).toBeNull();
  });
});
