import { z } from 'zod';
import { COMMUNITIES } from './community';
import { DISCOVER_PAGE_SIZE } from './discoverRules';
import { leaderboardStatsSchema } from './leaderboard';
import { matchBreakdownSchema } from './matchBreakdown';
import { lineIdSchema, REPORT_SOURCES } from './reportEvidence';
import { safeLine, safeMultiLine } from './safeText';

// The wire contract of the routes where members meet (discovery, friend requests, friends, blocks,
// reports, privacy, the leaderboard of real results), shared by the server (validation) and the
// client (calls). Guests never call these routes: they keep the device-only sample people.
// Every route needs a session (401 UNAUTHENTICATED otherwise, as in memberContract.ts).

export const SOCIAL_ROUTES = {
  discover: '/api/discover',
  member: (id: string) => `/api/members/${encodeURIComponent(id)}`,
  settings: '/api/me/settings',
  friendRequests: '/api/friends/requests',
  acceptRequest: (id: string) => `/api/friends/requests/${encodeURIComponent(id)}/accept`,
  declineRequest: (id: string) => `/api/friends/requests/${encodeURIComponent(id)}/decline`,
  cancelRequest: (id: string) => `/api/friends/requests/${encodeURIComponent(id)}`,
  friends: '/api/friends',
  friend: (userId: string) => `/api/friends/${encodeURIComponent(userId)}`,
  blocks: '/api/blocks',
  block: (userId: string) => `/api/blocks/${encodeURIComponent(userId)}`,
  reports: '/api/reports',
  stats: '/api/me/stats',
  gameResults: '/api/games/results',
  gameSessions: '/api/games/sessions',
  leaderboard: '/api/leaderboard',
} as const;

/** Sample people are mixed into a member's discover only while their community has fewer members. */
export const SAMPLE_PEOPLE_MEMBER_THRESHOLD = 10;
/** Rate limits per member (429 TOO_MANY_REQUESTS with Retry-After). */
export const FRIEND_REQUESTS_PER_HOUR = 30;
export const REPORTS_PER_DAY = 10;
export const REPORT_NOTE_MAX_LENGTH = 500;
/**
 * Hot Takes against the AI, as the server counts it: games a member may start in an hour, games that
 * may score in an hour (a result beyond it waits: 429 with Retry-After), and the answered turns one
 * game counts at most (so one game is worth at most docs/product.md's award for 3 + 2 × 30 messages).
 */
export const HOT_TAKES_GAMES_STARTED_PER_HOUR = 60;
export const HOT_TAKES_GAMES_SCORED_PER_HOUR = 20;
export const HOT_TAKES_TURNS_COUNTED_MAX = 30;

/** Error codes of these routes, each with the one text a person sees for it. */
export const socialErrorTexts = {
  NOT_FOUND: 'That person could not be found.',
  REQUEST_NOT_FOUND: 'That friend request no longer exists.',
  CANNOT_REQUEST_SELF: 'You cannot send a friend request to yourself.',
  CANNOT_BLOCK_SELF: 'You cannot block yourself.',
  CANNOT_REPORT_SELF: 'You cannot report yourself.',
  MESSAGE_NOT_FOUND: 'That message could not be found.',
  REPORTED_DEBATE_NOT_FOUND: 'That debate could not be found.',
  YOU_BLOCKED: 'You have blocked this person. Unblock them first.',
  ALREADY_FRIENDS: 'You are already friends.',
  REQUEST_EXISTS: 'A friend request is already waiting.',
  NOT_YOUR_REQUEST: 'That friend request is not yours to answer.',
  INVALID_REQUEST: 'That request could not be understood.',
  TOO_MANY_REQUESTS: 'You are doing that too often. Please wait a while and try again.',
  GAME_NOT_FOUND: 'That game was not played with this account, so it cannot count.',
  GAME_ALREADY_COUNTED: 'That game has already counted.',
} as const;
export type SocialErrorCode = keyof typeof socialErrorTexts;

/** Visible labels. */
export const SAMPLE_BADGE_TEXT = 'Sample';
export const AI_PERSONA_LABEL = 'AI persona';
export const REQUEST_SENT_TEXT = 'Request sent';
export const REQUESTS_HEADING = 'Requests';
export const BLOCKED_PEOPLE_HEADING = 'Blocked people';

export const communitySchema = z.enum(COMMUNITIES);
export const personKindSchema = z.enum(['member', 'sample']);
export type PersonKind = z.infer<typeof personKindSchema>;

/**
 * Where a pair of people stands, from the asking member's side. 'closed': no link, and their 'Who can
 * send you friend requests' setting refuses the asking member (it tells nothing more).
 */
export const relationSchema = z.enum(['none', 'outgoing', 'incoming', 'friends', 'closed']);
export type Relation = z.infer<typeof relationSchema>;

export const sharedByCategorySchema = z.object({
  music: z.array(z.string()),
  games: z.array(z.string()),
  shows: z.array(z.string()),
});
export type SharedByCategory = z.infer<typeof sharedByCategorySchema>;

/**
 * A discover card, the one shape a guest's cards (built on the device) and a member's (sent by the server)
 * both have: docs/product.md's card fields plus: `kind` ('member' or a 'sample' person, who always
 * carries the Sample badge), `shared` (every item both like, flat, in the viewer's spelling) and
 * `sharedByCategory`, `relation` (so the button reads 'Request sent' while pending), the picture, and
 * `breakdown` (an explained match, when there is one). Cards below MATCH_FLOOR are not sent.
 * Sample people have their sample ids ('user-1'...); members their uuid.
 */
export const discoverCardSchema = z.object({
  id: z.string(),
  kind: personKindSchema,
  name: z.string(),
  username: z.string(),
  avatar: z.string(),
  profilePicture: z.string(),
  bio: z.string(),
  mutualFriends: z.literal(0),
  communities: z.array(z.string()),
  similarityScore: z.number().int().min(0).max(100),
  shared: z.array(z.string()),
  sharedByCategory: sharedByCategorySchema,
  relation: relationSchema,
  // Optional: the score split into music, games, shows and hobbies, adding up to similarityScore.
  breakdown: matchBreakdownSchema.optional(),
});
export type DiscoverCard = z.infer<typeof discoverCardSchema>;

/**
 * GET /api/discover?community=&q=&cursor= . `community` is one of COMMUNITIES (absent = all); `q` is the
 * contract's search (case-insensitive substring of username or bio); `cursor` is the opaque
 * `nextCursor` of the previous page. Cards are ranked by score descending; among equal scores members
 * come before sample people.
 */
export const discoverQuerySchema = z.object({
  community: communitySchema.optional(),
  q: safeLine(200).optional(),
  cursor: safeLine(200).optional(),
});
export const discoverResponseSchema = z.object({
  cards: z.array(discoverCardSchema).max(DISCOVER_PAGE_SIZE),
  nextCursor: z.string().nullable(),
});
export type DiscoverResponse = z.infer<typeof discoverResponseSchema>;

/** Someone as lists show them (friends, requests, blocked people). */
export const personSummarySchema = z.object({
  id: z.string(),
  username: z.string(),
  avatar: z.string(),
  profilePicture: z.string(),
});
export type PersonSummary = z.infer<typeof personSummarySchema>;

/**
 * GET /api/members/:id: a profile view. A member whose visibility is friends-only shows non-friends
 * only the username (`visible: false`, `profile: null`).
 */
export const memberViewSchema = z.object({
  id: z.string(),
  username: z.string(),
  avatar: z.string(),
  relation: relationSchema,
  visible: z.boolean(),
  profile: z
    .object({
      profilePicture: z.string(),
      hobbies: z.string(),
      musicGenres: z.array(z.string()),
      favoriteGames: z.array(z.string()),
      favoriteShows: z.array(z.string()),
      communities: z.array(z.string()),
    })
    .nullable(),
});
export type MemberView = z.infer<typeof memberViewSchema>;

/**
 * GET and PUT /api/me/settings: what the server must know to keep privacy (the contract's Profile
 * Visibility and Online Status switches) and the communities the member chose on the profile screen.
 * PUT takes any subset and answers the whole.
 */
export const memberSettingsSchema = z.object({
  profileVisibility: z.enum(['public', 'private']),
  showOnlineStatus: z.boolean(),
  communities: z.array(communitySchema).max(COMMUNITIES.length),
});
export type MemberSettings = z.infer<typeof memberSettingsSchema>;
export const memberSettingsUpdateSchema = memberSettingsSchema.partial();

/** POST /api/friends/requests. 201 with the request, or 200 with status 'accepted' when they had asked you. */
export const friendRequestCreateSchema = z.object({ toUserId: safeLine(100) });
export const friendRequestSchema = z.object({
  id: z.string(),
  from: personSummarySchema,
  to: personSummarySchema,
  createdAt: z.string(),
  status: z.enum(['pending', 'accepted']),
});
export type FriendRequest = z.infer<typeof friendRequestSchema>;
export const friendRequestResponseSchema = z.object({ request: friendRequestSchema });
export type FriendRequests = { incoming: FriendRequest[]; outgoing: FriendRequest[] };
/**
 * GET /api/friends/requests: each pending request with `match`, the viewer's percentage with the
 * other member as Discover shows it, or null when there is none to show (no profile, friends-only,
 * or not scored yet).
 */
export const listedFriendRequestSchema = friendRequestSchema.extend({ match: z.number().int().min(0).max(100).nullable() });
export type ListedFriendRequest = z.infer<typeof listedFriendRequestSchema>;
export const friendRequestsResponseSchema = z.object({
  incoming: z.array(listedFriendRequestSchema),
  outgoing: z.array(listedFriendRequestSchema),
});
export type ListedFriendRequests = z.infer<typeof friendRequestsResponseSchema>;

/** GET /api/friends; POST .../accept answers `{ friend }`. */
export const friendSchema = personSummarySchema.extend({ since: z.string() });
export type Friend = z.infer<typeof friendSchema>;
export const friendsResponseSchema = z.object({ friends: z.array(friendSchema) });
export const acceptResponseSchema = z.object({ friend: friendSchema });

/** POST /api/blocks (201), GET /api/blocks. Blocking ends the friendship and pending requests both ways. */
export const blockCreateSchema = z.object({ userId: safeLine(100) });
export const blockedPersonSchema = personSummarySchema.extend({ blockedAt: z.string() });
export const blocksResponseSchema = z.object({ blocked: z.array(blockedPersonSchema) });
/** POST /api/blocks answers the block (201; blocking again answers the first block's time). */
export const blockResponseSchema = z.object({ block: blockedPersonSchema });
export type BlockedPerson = z.infer<typeof blockedPersonSchema>;

export const REPORT_REASONS = ['spam', 'harassment', 'inappropriate', 'impersonation', 'other'] as const;
export const reportReasonLabels: Readonly<Record<(typeof REPORT_REASONS)[number], string>> = {
  spam: 'Spam',
  harassment: 'Harassment or bullying',
  inappropriate: 'Inappropriate content',
  impersonation: 'Pretending to be someone else',
  other: 'Something else',
};
/** POST /api/reports (201 `{ id }`): stored for operators, listed by `npm run reports`. */
export const reportCreateSchema = z
  .object({
    userId: safeLine(100),
    reason: z.enum(REPORT_REASONS),
    note: safeMultiLine(REPORT_NOTE_MAX_LENGTH).optional(),
    /** Where it was made ('profile' when left out). 'message' needs messageId, 'debate' needs debateId. */
    source: z.enum(REPORT_SOURCES).optional(),
    /** The reported message (source 'message') or debate line (source 'debate', optional there). */
    messageId: lineIdSchema.optional(),
    debateId: safeLine(100).optional(),
  })
  .refine((report) => report.source !== 'message' || (report.messageId !== undefined && report.debateId === undefined), 'a message report names its message')
  .refine((report) => report.source === 'debate' || report.debateId === undefined, 'only a debate report names a debate')
  .refine((report) => report.source !== 'debate' || report.debateId !== undefined, 'a debate report names its debate')
  .refine((report) => report.source === 'message' || report.source === 'debate' || report.messageId === undefined, 'only a message or debate report names a line');
export type ReportCreate = z.infer<typeof reportCreateSchema>;
export const reportResponseSchema = z.object({ id: z.string() });

/** GET /api/me/stats: a member's real figures; they start at zero. */
export const statsResponseSchema = z.object({ stats: leaderboardStatsSchema });

/**
 * POST /api/games/sessions (201 `{ gameId }`): a member starts a Hot Takes game against the AI. The AI
 * reply routes count the turns they answer for this id (their optional `gameId`), and only a game the
 * server saw this way can score.
 */
export const gameSessionCreateSchema = z.object({ game: z.literal('hottakes') });
export const gameSessionResponseSchema = z.object({ gameId: z.string() });

/**
 * POST /api/games/results: a finished Hot Takes game, by the id the server issued when it started. The
 * server decides what it is worth from the turns its AI routes answered for it (gameAward.ts), once per
 * id (404 GAME_NOT_FOUND for an id it did not issue to this member, 409 GAME_ALREADY_COUNTED the
 * second time), and answers the member's new stats. Anything else in the body is ignored.
 */
export const gameResultCreateSchema = z.object({
  game: z.literal('hottakes'),
  gameId: z.uuid(),
});

/**
 * GET /api/leaderboard?tab=points|games|hottakes|friends&community= . With tab 'friends' the ranking is
 * the member and their friends by friend count; otherwise members of the community (absent = all).
 * At most 100 rows; the member is always present (`isCurrentUser`).
 */
export const leaderboardQuerySchema = z.object({
  tab: z.enum(['points', 'games', 'hottakes', 'friends']),
  community: communitySchema.optional(),
});
export const leaderboardRowSchema = z.object({
  id: z.string(),
  username: z.string(),
  isCurrentUser: z.boolean(),
  stats: leaderboardStatsSchema,
});
export const leaderboardResponseSchema = z.object({ entries: z.array(leaderboardRowSchema).max(101) });
export const LEADERBOARD_MAX_ROWS = 100;
