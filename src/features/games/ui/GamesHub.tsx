import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { GAMES, type GameId } from '../../../domain/games';
import { messages } from '../../../domain/messages';
import { yourStatsMachine } from '../machines/yourStats.machine';
import { useGamesActors } from './GamesActors';
import { BackIcon, TrophyIcon } from '../../../shared/ui/Icons';
import { Screen } from '../../../shared/ui/ScreenShell';
import { IntroIcon } from './IntroIcons';
import { inspectOptions } from '../../../shared/ui/inspect';
import '../../../shared/ui/styles/hub.css';

// docs/product.md section 2, "Games hub": the groups and their games in this order.
const GROUPS: { key: string; title: string; blurb: string; ids: GameId[] }[] = [
  { key: 'general', title: 'General', blurb: 'Quick chat games for anyone', ids: ['hottakes', 'emojistory'] },
  { key: 'music', title: 'Spotify', blurb: 'Music games', ids: ['guiltypleasure', 'killmyvibe', 'hottakesfm', 'twotruthsvibe'] },
  { key: 'gamestore', title: 'Steam', blurb: 'Games about your games', ids: ['firstbestforever', 'patchnotes', 'fightclub', 'inventorydrop'] },
];

// The tracking-service games are listed but not playable yet (docs/product.md: "These four do nothing yet").
const TRACKING_GAMES = [
  { name: 'Rate It Together', emoji: '⭐', blurb: 'Rate a show together and compare scores' },
  { name: 'Ship It', emoji: '💞', blurb: 'Pair up characters from your watchlist' },
  { name: 'Main Character Energy', emoji: '🎬', blurb: 'Find out which lead role is yours' },
  { name: 'Movie Mount Rushmore', emoji: '🗿', blurb: 'Carve your four all-time films' },
];

function Chevron() {
  return <BackIcon className="hub-chevron" />;
}

function SoonBadge() {
  return <span className="badge soon-badge">Coming soon</span>;
}

/** A guest's fixed zeros (docs/product.md); a member's figures from the server, last known ones shown at once. */
function YourStats() {
  const { yourStats } = useGamesActors();
  const machine = useMemo(() => yourStatsMachine.provide({ actors: yourStats.actors }), [yourStats]);
  const actor = useActorRef(machine, { ...inspectOptions(), input: { readKnown: yourStats.readKnown } });
  const stats = useSelector(actor, (s) => s.context.stats);
  const unsent = useSelector(actor, (s) => s.context.unsent);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const error = useSelector(actor, (s) => s.context.error);
  return (
    <section className="card hub-stats" aria-labelledby="your-stats" aria-busy={loading}>
      <h2 id="your-stats">Your Stats</h2>
      {stats ? (
        <dl className="stat-pair">
          <div><dt>Games Played</dt><dd>{stats.gamesPlayed.toLocaleString('en-US')}</dd></div>
          <div><dt>Points Earned</dt><dd>{stats.totalPoints.toLocaleString('en-US')}</dd></div>
        </dl>
      ) : (
        loading && (
          <p className="hub-stats-loading" role="status">
            <span className="spinner" aria-hidden="true" /> Loading your stats...
          </p>
        )
      )}
      {unsent > 0 && <p className="hub-stats-note" role="status">{messages.leaderboard.unsentGames(unsent)}</p>}
      {error && (
        <div className="hub-stats-error">
          <p className="alert" role="alert">{error}</p>
          <button type="button" className="btn btn-outline btn-small" onClick={() => actor.send({ type: 'RETRY' })}>Try again</button>
        </div>
      )}
    </section>
  );
}

export default function GamesHub() {
  return (
    <Screen>
      <div className="page-title">
        <h1>Games</h1>
        <p>Play chat mini-games and climb the leaderboard.</p>
      </div>

      <ul className="hub-cards">
        <li className="card hub-card">
          <span className="hub-card-icon" aria-hidden="true"><TrophyIcon /></span>
          <span className="hub-card-text">
            <Link className="hub-card-title stretched" to="/leaderboard" aria-describedby="leaderboards-blurb">Leaderboards</Link>
            <span id="leaderboards-blurb" className="hub-card-blurb">See who leads in points, games and hot takes.</span>
          </span>
          <Chevron />
        </li>
        {/* Quests does nothing yet: reachable and announced as unavailable, styled as inert. */}
        <li className="card hub-card is-soon">
          <span className="hub-card-icon" aria-hidden="true"><IntroIcon name="crown" /></span>
          <span className="hub-card-text">
            <button type="button" className="hub-card-title inert-control" aria-disabled="true" aria-describedby="quests-soon">
              Quests
            </button>
            <span id="quests-soon" className="hub-card-blurb"><SoonBadge /> Daily challenges for bonus points.</span>
          </span>
        </li>
      </ul>

      {GROUPS.map(({ key, title, blurb, ids }) => (
        <section key={key} className="game-group" aria-labelledby={`group-${key}`}>
          <div className="game-group-head">
            <h2 id={`group-${key}`}>{title}</h2>
            <p>{blurb}</p>
          </div>
          <ul className="game-list">
            {ids.map((id) => (
              <li key={id} className="card game-tile">
                <span className={`game-emoji game-emoji--${key}`} aria-hidden="true">{GAMES[id].emoji}</span>
                <span className="game-text">
                  {/* The link's box covers the whole card (CSS), so its name stays the game's name alone. */}
                  <Link className="game-name stretched" to={`/games/${id}/anim`} aria-describedby={`tagline-${id}`}>
                    {GAMES[id].name}
                  </Link>
                  <span id={`tagline-${id}`} className="game-blurb">{GAMES[id].tagline}</span>
                </span>
                <Chevron />
              </li>
            ))}
          </ul>
        </section>
      ))}

      <section className="game-group" aria-labelledby="group-tracking">
        <div className="game-group-head">
          <h2 id="group-tracking">Trakt</h2>
          <p>Show and movie games, coming soon</p>
        </div>
        <ul className="game-list">
          {TRACKING_GAMES.map(({ name, emoji, blurb }, i) => (
            <li key={name} className="card game-tile is-soon">
              <span className="game-emoji game-emoji--tracking" aria-hidden="true">{emoji}</span>
              <span className="game-text">
                <button type="button" className="game-name inert-control" aria-disabled="true" aria-describedby={`tracking-${i}`}>
                  {name}
                </button>
                <span id={`tracking-${i}`} className="game-blurb"><SoonBadge /> {blurb}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>

      <YourStats />
    </Screen>
  );
}
