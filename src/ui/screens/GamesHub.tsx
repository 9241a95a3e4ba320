import { Link } from 'react-router-dom';
import { GAMES, type GameGroup, type GameId } from '../../domain/games';
import { Screen } from '../components/ScreenShell';

const GROUPS: { group: GameGroup; title: string; ids: GameId[] }[] = [
  { group: 'general', title: 'General', ids: ['hottakes', 'emojistory'] },
  { group: 'music', title: 'Spotify', ids: ['guiltypleasure', 'killmyvibe', 'hottakesfm', 'twotruthsvibe'] },
  { group: 'gamestore', title: 'Steam', ids: ['firstbestforever', 'patchnotes', 'fightclub', 'inventorydrop'] },
];

const TRAKT_GAMES = [
  { name: 'Rate It Together', emoji: '⭐' },
  { name: 'Ship It', emoji: '💞' },
  { name: 'Main Character Energy', emoji: '🎬' },
  { name: 'Movie Mount Rushmore', emoji: '🗿' },
];

export default function GamesHub() {
  return (
    <Screen>
      <div className="page-title">
        <h1>Games</h1>
        <p>Play chat mini-games and climb the leaderboard.</p>
      </div>
      <div className="hub-cards">
        <Link className="card hub-card" to="/leaderboard">
          <h2>Leaderboards</h2>
          <p className="muted">See who leads in points, games and hot takes.</p>
        </Link>
        <button type="button" className="card hub-card" aria-describedby="quests-soon">
          <h2>Quests</h2>
          <p id="quests-soon" className="muted">Daily quests are coming soon.</p>
        </button>
      </div>
      {GROUPS.map(({ title, ids }) => (
        <section key={title} className="game-group" aria-labelledby={`group-${title}`}>
          <h2 id={`group-${title}`}>{title}</h2>
          <ul className="game-list">
            {ids.map((id) => (
              <li key={id}>
                <Link className="card game-tile" to={`/games/${id}/anim`}>
                  <span className="game-emoji" aria-hidden="true">{GAMES[id].emoji}</span>
                  {GAMES[id].name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <section className="game-group" aria-labelledby="group-trakt">
        <h2 id="group-trakt">Trakt</h2>
        <ul className="game-list">
          {TRAKT_GAMES.map(({ name, emoji }) => (
            <li key={name}>
              <button type="button" className="card game-tile" aria-describedby="trakt-soon">
                <span className="game-emoji" aria-hidden="true">{emoji}</span>
                {name}
              </button>
            </li>
          ))}
        </ul>
        <p id="trakt-soon" className="muted">Trakt games are coming soon.</p>
      </section>
      <section className="card" aria-labelledby="your-stats">
        <h2 id="your-stats">Your Stats</h2>
        <dl className="stat-pair">
          <div><dt>Games Played</dt><dd>0</dd></div>
          <div><dt>Points Earned</dt><dd>0</dd></div>
        </dl>
      </section>
    </Screen>
  );
}
