// @vitest-environment happy-dom
import { StrictMode, useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { introForGame } from '../../src/domain/gameIntros';
import { IntroSplash } from '../../src/features/games/ui/IntroSplash';
import { WithChatGamesActors } from '../support/featureActors';
import GameAnim from '../../src/features/games/ui/GameAnim';
import GameIntro from '../../src/features/games/ui/GameIntro';
import { resetScreen } from '../support/screenTeardown';

function Where() {
  const location = useLocation();
  const type = useNavigationType();
  return <p data-testid="where">{`${location.pathname} ${type}`}</p>;
}

function renderAt(path: string) {
  return render(
    <StrictMode>
      <MemoryRouter initialEntries={[path]}>
        <WithChatGamesActors>
          <Routes>
            <Route path="/games/:game/anim" element={<GameIntro />} />
            <Route path="/gameanim" element={<GameAnim />} />
            <Route path="/games/:game/chat" element={<h1>Chat</h1>} />
            <Route path="/chat" element={<h1>Solo chat</h1>} />
            <Route path="/games" element={<h1>Games</h1>} />
          </Routes>
          <Where />
        </WithChatGamesActors>
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

/** The intro's stage once `ms` more have passed. */
async function stageAfter(ms: number) {
  await advance(ms);
  return stage();
}

/** The route, and how it was reached, once `ms` more have passed. */
async function whereAfter(ms: number) {
  await advance(ms);
  return where();
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(resetScreen);

// Each game's intro texts (docs/product.md §2's table, with the subtitles this app gives the other intros).
const INTROS: [game: string, title: string, subtitle: string, loading: string][] = [
  ['hottakes', 'HOT TAKES', 'DEBATE ZONE', 'Loading debate arena...'],
  ['emojistory', 'EMOJI STORY', 'STORY TIME', 'Loading story mode...'],
  ['guiltypleasure', 'GUILTY PLEASURE', 'SECRET TUNES', 'Loading guilty pleasures...'],
  ['killmyvibe', 'KILL MY VIBE', 'ROAST ZONE', 'Loading roast arena...'],
  ['hottakesfm', 'HOT TAKES FM', 'ON AIR', 'Tuning into the station...'],
  ['twotruthsvibe', 'TWO TRUTHS & A VIBE', 'MUSIC MYSTERY', 'Loading music mystery...'],
  ['firstbestforever', 'FIRST, BEST, FOREVER', 'MEMORY LANE', 'Loading eternal memories...'],
  ['patchnotes', 'PATCH NOTES', 'UPDATE INCOMING', 'Loading update notes...'],
  ['fightclub', 'FIGHT CLUB', 'BATTLE ROYALE', 'Loading battle arena...'],
  ['inventorydrop', 'INVENTORY DROP', 'LOOT TIME', 'Opening inventory...'],
];

describe('game intro screen', () => {
  it('brings in the title at 0.5 s, the subtitle at 1.5 s, the caption at 2.5 s, and replaces itself with the chat at 4 s', async () => {
    renderAt('/games/hottakes/anim');
    expect(screen.getByRole('heading', { level: 1, name: 'HOT TAKES' })).toBeInTheDocument();
    expect(screen.getByText('DEBATE ZONE')).toBeInTheDocument();
    expect(stage()).toBe('0');
    expect(screen.getByRole('status')).toHaveTextContent('');

    expect(await stageAfter(499)).toBe('0');
    expect(await stageAfter(1)).toBe('1');
    expect(await stageAfter(1000)).toBe('2');
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(await stageAfter(1000)).toBe('3');
    expect(screen.getByRole('status')).toHaveTextContent('Loading debate arena...');

    expect(await whereAfter(1499)).toBe('/games/hottakes/anim POP');
    expect(await whereAfter(1)).toBe('/games/hottakes/chat REPLACE');
    expect(screen.getByRole('heading', { name: 'Chat' })).toBeInTheDocument();
  });

  it('shows every game its own texts and leads to its own chat route', async () => {
    for (const [game, title, subtitle, loading] of INTROS) {
      const view = renderAt(`/games/${game}/anim`);
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(title);
      expect(screen.getByText(subtitle)).toBeInTheDocument();
      await advance(2500);
      expect(screen.getByRole('status')).toHaveTextContent(loading);
      await advance(1500);
      expect(where()).toBe(`/games/${game}/chat REPLACE`);
      view.unmount();
    }
  });

  it('/gameanim is a Hot Takes intro that leads to /chat', async () => {
    renderAt('/gameanim');
    expect(screen.getByRole('heading', { level: 1, name: 'HOT TAKES' })).toBeInTheDocument();
    await advance(2500);
    expect(screen.getByRole('status')).toHaveTextContent('Heating up the hot seat...');
    await advance(1500);
    expect(where()).toBe('/chat REPLACE');
  });

  it('floats the 20 emojis and 12 icons in speech bubbles, above and below the title, hidden from assistive tech', () => {
    renderAt('/games/emojistory/anim');
    const skies = [...document.querySelectorAll('.intro-sky')];
    expect(skies.map((sky) => sky.getAttribute('aria-hidden'))).toEqual(['true', 'true']);
    const emojis = skies.flatMap((sky) => [...sky.querySelectorAll('.intro-bubble--emoji')].map((b) => b.textContent));
    expect(emojis).toHaveLength(20);
    expect(new Set(emojis).size).toBe(20);
    expect(document.querySelectorAll('.intro-sky .intro-bubble--icon svg')).toHaveLength(12);
  });

  it('places the bubbles where the injected random source says', () => {
    // A repeatable sequence per seed: the same seed must give the same places, another seed other places.
    const sequence = (seed: number) => {
      let state = seed;
      return () => (state = (state * 16807) % 2147483647) / 2147483647;
    };
    const placesWith = (seed: number) => {
      const view = render(
        <MemoryRouter>
          <WithChatGamesActors>
            <IntroSplash intro={introForGame('fightclub')!} input={{ random: sequence(seed) }} />
          </WithChatGamesActors>
        </MemoryRouter>,
      );
      const places = [...document.querySelectorAll<HTMLElement>('.intro-bubble')].map((b) => ({
        band: b.closest('.intro-sky--top') ? 'top' : 'bottom',
        x: b.style.getPropertyValue('--x'),
        y: b.style.getPropertyValue('--y'),
      }));
      view.unmount();
      return places;
    };
    const first = placesWith(11);
    expect(first).toHaveLength(32);
    for (const p of first) {
      expect(p.x).toMatch(/^\d+(\.\d+)?%$/);
      expect(p.y).toMatch(/^\d+(\.\d+)?%$/);
    }
    expect(placesWith(11)).toEqual(first);
    expect(placesWith(12)).not.toEqual(first);
  });

  it.each([
    ['the back control goes to /games and no chat navigation follows', '/games/killmyvibe/anim', 2000, 'Back to Games', '/games REPLACE'],
    ['Skip goes to the chat at once, and only once', '/games/patchnotes/anim', 700, 'Skip intro', '/games/patchnotes/chat REPLACE'],
  ])('%s', async (_case, path, after, button, destination) => {
    renderAt(path);
    await advance(after);
    fireEvent.click(screen.getByRole('button', { name: button }));
    expect(where()).toBe(destination);
    await advance(10_000);
    expect(where()).toBe(destination);
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
          <WithChatGamesActors>
            <Toggle />
            <Where />
          </WithChatGamesActors>
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
