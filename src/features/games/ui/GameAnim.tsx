import { GAME_ANIM_INTRO } from '../../../domain/gameIntros';
import { IntroSplash } from './IntroSplash';

/** /gameanim: the Hot Takes intro that leads to the solo chat at /chat. */
export default function GameAnim() {
  return <IntroSplash intro={GAME_ANIM_INTRO} />;
}
