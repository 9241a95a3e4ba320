import { setup, type SnapshotFrom } from 'xstate';
import { INTRO_NAVIGATE_MS, INTRO_STAGE_MS, scatterDecorations, type Decoration } from '../../../domain/gameIntros';
import { actionNotProvided } from '../../../shared/machines/notProvided';

export interface GameIntroInput {
  /** Source of the decorations' random places, like Math.random: the device's on screen, a fixed sequence in tests. */
  random: () => number;
}

export type GameIntroEvent =
  /** The user leaves early (back control): no chat navigation may follow. */
  | { type: 'LEAVE' }
  /** The user does not want to wait: go to the chat now. */
  | { type: 'SKIP' };

/**
 * Game intro (docs/product.md sections 2 and 9): stages at 500, 1500 and 2500 ms, then the chat route at 4000 ms.
 * Each delay counts from the previous stage, so they add up to section 9's times. Leaving ends the
 * machine (and the screen's unmount stops it), which cancels every pending timer.
 */
export const gameIntroMachine = setup({
  types: {} as {
    context: { decorations: Decoration[] };
    events: GameIntroEvent;
    input: GameIntroInput;
  },
  actions: {
    /** The screen's navigate(intro.chatRoute, { replace: true }). */
    navigateToChat: actionNotProvided('navigateToChat'),
    /** The screen's navigate('/games'). */
    navigateBack: actionNotProvided('navigateBack'),
  },
  delays: {
    titleDelay: INTRO_STAGE_MS[0],
    subtitleDelay: INTRO_STAGE_MS[1] - INTRO_STAGE_MS[0],
    loadingDelay: INTRO_STAGE_MS[2] - INTRO_STAGE_MS[1],
    navigateDelay: INTRO_NAVIGATE_MS - INTRO_STAGE_MS[2],
  },
}).createMachine({
  id: 'gameIntro',
  context: ({ input }) => ({ decorations: scatterDecorations(input.random) }),
  initial: 'running',
  states: {
    running: {
      initial: 'opening',
      on: {
        LEAVE: '#gameIntro.left',
        SKIP: '#gameIntro.done',
      },
      states: {
        opening: { after: { titleDelay: 'title' } },
        title: { after: { subtitleDelay: 'subtitle' } },
        subtitle: { after: { loadingDelay: 'loading' } },
        loading: { after: { navigateDelay: '#gameIntro.done' } },
      },
    },
    done: { type: 'final', entry: 'navigateToChat' },
    left: { type: 'final', entry: 'navigateBack' },
  },
});

export type GameIntroSnapshot = SnapshotFrom<typeof gameIntroMachine>;

/** How far the splash has come: 0 opening, 1 title, 2 subtitle, 3 loading line (kept once finished). */
export function introStage(snapshot: GameIntroSnapshot): 0 | 1 | 2 | 3 {
  if (snapshot.matches({ running: 'opening' })) return 0;
  if (snapshot.matches({ running: 'title' })) return 1;
  if (snapshot.matches({ running: 'subtitle' })) return 2;
  return 3;
}
