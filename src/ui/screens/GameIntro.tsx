import { Link, useParams } from 'react-router-dom';
import { GAMES, GAME_IDS, type GameId } from '../../domain/games';
import { Screen } from '../components/ScreenShell';
import NotFound from './NotFound';

export default function GameIntro() {
  const { game } = useParams();
  if (!game || !(GAME_IDS as readonly string[]).includes(game)) return <NotFound />;
  const info = GAMES[game as GameId];
  return (
    <Screen className="center-page">
      <h1>{info.introTitle}</h1>
      <p>{info.introSubtitle}</p>
      <p className="muted">{info.loadingText}</p>
      <Link className="btn btn-primary" to={`/games/${info.id}/chat`}>Start</Link>
    </Screen>
  );
}
