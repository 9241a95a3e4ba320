import { Link, useParams } from 'react-router-dom';
import { GAMES, GAME_IDS, type GameId } from '../../domain/games';
import { Screen } from '../components/ScreenShell';
import NotFound from './NotFound';

export default function GameChat() {
  const { game } = useParams();
  if (!game || !(GAME_IDS as readonly string[]).includes(game)) return <NotFound />;
  const info = GAMES[game as GameId];
  return (
    <Screen className="center-page">
      <h1>{info.name}</h1>
      <p className="muted">The {info.name} chat opens here.</p>
      <Link className="btn btn-outline" to="/games">Back to Games</Link>
    </Screen>
  );
}
