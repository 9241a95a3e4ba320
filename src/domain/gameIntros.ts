import { GAMES, isGameId, type GameGroup } from './games';

// The intro splash in front of every chat (SPEC.md section 2, "Game intro screens"): texts and where it
// leads, the timings of section 9, and the floating decorations.

/** Stage changes and the automatic navigation, in ms after the intro opens (SPEC.md section 9). */
export const INTRO_STAGE_MS = [500, 1500, 2500] as const;
export const INTRO_NAVIGATE_MS = 4000;

/** Which colour family an intro's backdrop uses. */
export type IntroAccent = 'hot' | 'story' | GameGroup;

export interface IntroInfo {
  /** Route key: a game id, or 'gameanim' for the separate Hot Takes intro. */
  key: string;
  title: string;
  subtitle: string;
  loadingText: string;
  /** The badge over the title. */
  emoji: string;
  accent: IntroAccent;
  /** Where the intro lands at 4 s (or at once on Skip). */
  chatRoute: string;
}

function accentOf(group: GameGroup, id: string): IntroAccent {
  if (id === 'hottakes') return 'hot';
  if (id === 'emojistory') return 'story';
  return group;
}

/** The intro of /games/{game}/anim, or undefined for a path that names no game. */
export function introForGame(game: string | undefined): IntroInfo | undefined {
  if (!isGameId(game)) return undefined;
  const info = GAMES[game];
  return {
    key: game,
    title: info.introTitle,
    subtitle: info.introSubtitle,
    loadingText: info.loadingText,
    emoji: info.emoji,
    accent: accentOf(info.group, game),
    chatRoute: `/games/${game}/chat`,
  };
}

/** /gameanim: the Hot Takes intro that opens the solo chat at /chat (its texts are not in SPEC.md). */
export const GAME_ANIM_INTRO: IntroInfo = {
  key: 'gameanim',
  title: 'HOT TAKES',
  subtitle: 'SOLO SHOWDOWN',
  loadingText: 'Heating up the hot seat...',
  emoji: '🌶️',
  accent: 'hot',
  chatRoute: '/chat',
};

/** The 20 floating emojis of every intro. */
export const INTRO_EMOJIS = [
  '🔥', '💬', '😂', '🎮', '🎵', '🍿', '🤔', '💯', '👀', '🎉',
  '😎', '🤯', '⚡', '💥', '🏆', '🎧', '🕹️', '🎬', '🙌', '✨',
] as const;

/** The 12 floating icons of every intro (drawn by src/ui/games/IntroIcons.tsx). */
export const INTRO_ICONS = [
  'heart', 'star', 'zap', 'message', 'music', 'gamepad',
  'trophy', 'sparkles', 'flame', 'crown', 'smile', 'rocket',
] as const;
export type IntroIconName = (typeof INTRO_ICONS)[number];

export type Decoration =
  | { kind: 'emoji'; symbol: string; x: number; y: number; size: number; delay: number; duration: number }
  | { kind: 'icon'; symbol: IntroIconName; x: number; y: number; size: number; delay: number; duration: number };

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * Places each emoji and icon in its own speech bubble at a random spot (x, y in % of the screen), keeping
 * the middle band clear so the title stays readable. `random` returns [0, 1) like Math.random.
 */
export function scatterDecorations(random: () => number): Decoration[] {
  const place = () => {
    const x = 3 + random() * 84;
    let y = 4 + random() * 86;
    // The title block sits around 34-66 % of the height: push bubbles out of it, up or down.
    if (y > 32 && y < 68) y = y < 50 ? y - 28 : y + 22;
    return {
      x: round(x),
      y: round(y),
      size: round(0.85 + random() * 0.5),
      delay: Math.round(random() * 600),
      duration: Math.round(3000 + random() * 3000),
    };
  };
  return [
    ...INTRO_EMOJIS.map((symbol) => ({ kind: 'emoji' as const, symbol, ...place() })),
    ...INTRO_ICONS.map((symbol) => ({ kind: 'icon' as const, symbol, ...place() })),
  ];
}
