import { useActorRef, useSelector } from '@xstate/react';
import type { CSSProperties } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Decoration, DecorationBand, IntroInfo } from '../../../domain/gameIntros';
import { gameIntroMachine, introStage, type GameIntroInput, type GameIntroSnapshot } from '../machines/gameIntro.machine';
import { BackIcon } from '../../../shared/ui/Icons';
import { Screen } from '../../../shared/ui/ScreenShell';
import { inspectOptions } from '../../../shared/ui/inspect';
import { IntroIcon } from './IntroIcons';
import { useGamesActors } from './GamesActors';
import '../../../shared/ui/styles/intro.css';


const selectDecorations = (snapshot: GameIntroSnapshot) => snapshot.context.decorations;

function Bubble({ decoration }: { decoration: Decoration }) {
  const style = {
    '--x': `${decoration.x}%`,
    '--y': `${decoration.y}%`,
    '--s': decoration.size,
    '--delay': `${decoration.delay}ms`,
    '--float': `${decoration.duration}ms`,
  } as CSSProperties;
  return (
    <span className={`intro-bubble intro-bubble--${decoration.kind}`} style={style}>
      {decoration.kind === 'emoji' ? decoration.symbol : <IntroIcon name={decoration.symbol} />}
    </span>
  );
}

function Sky({ band, decorations }: { band: DecorationBand; decorations: Decoration[] }) {
  return (
    <div className={`intro-sky intro-sky--${band}`} aria-hidden="true">
      <div className="intro-sky-inner">
        {decorations
          .filter((decoration) => decoration.band === band)
          .map((decoration) => (
            <Bubble key={`${decoration.kind}-${decoration.symbol}`} decoration={decoration} />
          ))}
      </div>
    </div>
  );
}

/**
 * The full-screen splash in front of a chat: title at 0.5 s, subtitle at 1.5 s, loading line at 2.5 s,
 * the chat at 4 s. Leaving (the back control, or any route change that unmounts it) stops the machine,
 * and with it the navigation still to come.
 */
export function IntroSplash({ intro, input }: { intro: IntroInfo; input?: GameIntroInput }) {
  const navigate = useNavigate();
  const { sources } = useGamesActors();
  const actor = useActorRef(
    gameIntroMachine.provide({
      actions: {
        navigateToChat: () => void navigate(intro.chatRoute, { replace: true }),
        navigateBack: () => void navigate('/games', { replace: true }),
      },
    }),
    { input: input ?? { random: sources.random }, ...inspectOptions() },
  );
  const stage = useSelector(actor, introStage);
  const decorations = useSelector(actor, selectDecorations);

  return (
    <Screen className="intro-screen">
      <main className={`intro intro--${intro.accent}`} data-stage={stage} aria-labelledby="intro-title">
        <nav className="intro-controls" aria-label="Intro">
          <button type="button" className="intro-control" onClick={() => actor.send({ type: 'LEAVE' })}>
            <BackIcon />
            <span className="visually-hidden">Back to </span>Games
          </button>
          <button type="button" className="intro-control" onClick={() => actor.send({ type: 'SKIP' })}>
            Skip<span className="visually-hidden"> intro</span>
          </button>
        </nav>
        <Sky band="top" decorations={decorations} />
        <div className="intro-center">
          <div className="intro-badge" aria-hidden="true">{intro.emoji}</div>
          <h1 id="intro-title" className="intro-title">{intro.title}</h1>
          <p className="intro-subtitle">{intro.subtitle}</p>
          <div className="intro-loading">
            <div className="intro-progress" aria-hidden="true"><span /></div>
            {/* The region exists from the start, so the caption is announced when it arrives. */}
            <p className="intro-caption" role="status">{stage >= 3 ? intro.loadingText : ''}</p>
          </div>
        </div>
        <Sky band="bottom" decorations={decorations} />
      </main>
    </Screen>
  );
}
