import { GAMES, isGameId, type GameGroup } from './games';

// The intro splash in front of every chat (docs/product.md, "Game intro screens"): texts and where it
// leads, the timings, and the floating decorations.

/** Stage changes and the automatic navigation, in ms after the intro opens (docs/product.md). */
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

/** /gameanim: the Hot Takes intro that opens the solo chat at /chat (its texts are not in docs/product.md). */
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

/** The 12 floating icons of every intro (drawn by src/features/games/ui/IntroIcons.tsx). */
export const INTRO_ICONS = [
  'heart', 'star', 'zap', 'message', 'music', 'gamepad',
  'trophy', 'sparkles', 'flame', 'crown', 'smile', 'rocket',
] as const;
export type IntroIconName = (typeof INTRO_ICONS)[number];

/** Bubbles float in two bands, above and below the title block, so the texts are never covered. */
export type DecorationBand = 'top' | 'bottom';

interface Placement {
  band: DecorationBand;
  /** Position of the bubble's corner in its band, in % of the band's width and height. */
  x: number;
  y: number;
  /** Scale of the bubble (1 = base size). */
  size: number;
  /** When it pops in (ms) and how long one float swing lasts (ms). */
  delay: number;
  duration: number;
}

export type Decoration =
  | ({ kind: 'emoji'; symbol: string } & Placement)
  | ({ kind: 'icon'; symbol: IntroIconName } & Placement);

const COLUMNS = 6;
const ROWS = 3;

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * Gives each emoji and icon its own speech bubble at a random place: each band is cut into a 6 x 3 grid,
 * the 36 cells are shuffled, each bubble takes one and sits at a random spot inside it (so bubbles spread
 * out instead of piling up). `random` returns [0, 1) like Math.random.
 */
export function scatterDecorations(random: () => number): Decoration[] {
  const cells: { band: DecorationBand; row: number; column: number }[] = [];
  for (const band of ['top', 'bottom'] as const) {
    for (let row = 0; row < ROWS; row += 1) {
      for (let column = 0; column < COLUMNS; column += 1) cells.push({ band, row, column });
    }
  }
  for (let i = cells.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [cells[i], cells[j]] = [cells[j]!, cells[i]!];
  }
  let next = 0;
  const place = (): Placement => {
    const cell = cells[next++]!;
    return {
      band: cell.band,
      x: round(((cell.column + random() * 0.6) / COLUMNS) * 100),
      y: round(((cell.row + random() * 0.5) / ROWS) * 100),
      size: round(0.85 + random() * 0.35),
      delay: Math.round(random() * 600),
      duration: Math.round(3000 + random() * 3000),
    };
  };
  return [
    ...INTRO_EMOJIS.map((symbol) => ({ kind: 'emoji' as const, symbol, ...place() })),
    ...INTRO_ICONS.map((symbol) => ({ kind: 'icon' as const, symbol, ...place() })),
  ];
}
