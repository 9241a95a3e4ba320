import { useParams } from 'react-router-dom';
import { introForGame } from '../../../domain/gameIntros';
import { IntroSplash } from './IntroSplash';
import NotFound from '../../../shared/ui/NotFound';

/** /games/:game/anim: the game's intro, then its chat. A path naming no game is not found. */
export default function GameIntro() {
  const { game } = useParams();
  const intro = introForGame(game);
  if (!intro) return <NotFound />;
  // Keyed by game: moving between two intros starts a fresh machine and clock.
  return <IntroSplash key={intro.key} intro={intro} />;
}
