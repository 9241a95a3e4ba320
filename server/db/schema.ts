import type { ColumnType } from 'kysely';
import type { ModerationAction, SuspensionLength } from '../../src/domain/moderation';
import type { FriendRequestsFrom } from '../../src/domain/privacySafety';

// The tables as Kysely sees them. Column names are the SQL ones (snake_case); the members modules
// turn rows into the wire shapes of src/domain/memberContract.ts.

export interface MembersTable {
  id: string;
  username: string;
  /** Normalised: trimmed and lower-cased, unique. */
  email: string;
  /** argon2id PHC string; never leaves the server. */
  password_hash: string;
  /** The username's confusable skeleton (server/members/usernameSkeleton.ts), unique: look-alikes are one name. Set by sign-up. */
  username_skeleton: ColumnType<string | null, string | undefined, string>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface SessionsTable {
  /** sha-256 (hex) of the cookie's random id: a stolen table cannot be replayed as cookies. */
  id_hash: string;
  member_id: string;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  /** 'Chrome on Android': the browser and system at log-in (null for sessions older than the column). */
  device_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** Moved on at most every SESSION_ACTIVITY_STEP_MINUTES while the session is used. */
  last_active_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface ProfilesTable {
  member_id: string;
  /** The contract's profile fields as JSON text (validated by zod whenever it is read). */
  data: ColumnType<unknown, string, string>;
  /** The client's `updatedAt` (ms since the epoch): the newer write wins. pg returns int8 as a string. */
  updated_at: ColumnType<string | number | bigint, number, number>;
  /** 'public' | 'private' (the contract's Profile Visibility: visible to friends only). */
  visibility: ColumnType<string, string | undefined, string>;
  /** The contract's Online Status: false means no one ever sees this member online. */
  show_online: ColumnType<boolean, boolean | undefined, boolean>;
  communities: ColumnType<string[], string[] | undefined, string[]>;
  /** Server time of the last change discover ranks by. */
  changed_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface MemberInterestsTable {
  member_id: string;
  /** 'music' | 'games' | 'shows' */
  category: string;
  /** trimmed, lower-cased */
  item_key: string;
  /** as the member wrote it */
  item: string;
  /** how many distinct item keys the member lists (all categories), the same on each of their rows */
  item_count: ColumnType<number, number | undefined, number>;
}

export interface FriendRequestsTable {
  id: string;
  from_id: string;
  to_id: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface FriendshipsTable {
  /** the smaller of the two ids */
  member_a: string;
  member_b: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface BlocksTable {
  blocker_id: string;
  blocked_id: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface ReportsTable {
  id: string;
  reporter_id: string | null;
  reported_id: string | null;
  reported_username: string;
  reason: string;
  note: ColumnType<string, string | undefined, string>;
  /** 'open' | 'closed' */
  status: ColumnType<string, string | undefined, string>;
  /** Where it was made: 'profile' | 'message' | 'friendRequest' | 'debate' (src/domain/reportEvidence.ts). */
  source: ColumnType<string, string | undefined, never>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

/** A line copied into a report when it was filed: 0 is the reported line, 1..10 the ones before it (1 just before). */
export interface ReportEvidenceTable {
  report_id: string;
  position: number;
  /** The sender's username when the report was filed. */
  sender_username: string;
  /** True when the reported member wrote it. */
  from_reported: boolean;
  text: string;
  sent_at: ColumnType<Date, Date | string, never>;
}

export interface GameResultsTable {
  id: string;
  member_id: string;
  game: string;
  won: boolean;
  points: number;
  message_count: number;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

/** A Hot Takes game against the AI a member started (server/social/games.ts). */
export interface GameSessionsTable {
  id: string;
  member_id: string;
  game: string;
  started_at: ColumnType<Date, Date | string | undefined, never>;
  answered_turns: ColumnType<number, number | undefined, number>;
  scored_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface MemberActionsTable {
  member_id: string;
  /** 'friendRequest' | 'report' (server/social/actionLimits.ts) */
  action: string;
  acted_at: ColumnType<Date, Date | string, never>;
}

export interface DiscoverRankingsTable {
  member_id: string;
  /** '' for everyone, else the community and the normalised search */
  scope: string;
  computed_at: ColumnType<Date, Date | string, Date | string>;
  /** true when any profile change may change the ranking (searches, rankings filled with newcomers) */
  open: boolean;
  /** JSON: the ranked entries (server/discover/rankingCache.ts) */
  entries: string;
}

export interface DiscoverPairScoresTable {
  /** the smaller of the two ids */
  member_low: string;
  member_high: string;
  score: number;
  computed_at: ColumnType<Date, Date | string, Date | string>;
}

/** One attempt counter (server/members/attemptLimits.ts): a scope such as 'login-pair' and its key. */
export interface AuthAttemptsTable {
  scope: string;
  key: string;
  attempts: number;
  window_started_at: ColumnType<Date, Date | string, Date | string>;
  last_attempt_at: ColumnType<Date, Date | string, Date | string>;
}

/** Secrets every app server on the database shares, made once by whichever server needs one first. */
export interface ServerSecretsTable {
  name: string;
  value: string;
}

/** pg returns bigserial (int8) as a string; ids stay strings on the wire. */
export interface MessagesTable {
  id: ColumnType<string, never, never>;
  sender_id: string;
  recipient_id: string;
  client_id: string;
  text: string;
  sent_at: ColumnType<Date, Date | string | undefined, never>;
  delivered_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  read_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Read while the reader's 'Send read receipts' was off: the sender is never shown this read. */
  read_private: ColumnType<boolean, boolean | undefined, boolean>;
}

/** A member's 'Privacy and safety' settings; no row means the defaults. */
export interface MemberSafetyTable {
  member_id: string;
  friend_requests: ColumnType<FriendRequestsFrom, FriendRequestsFrom | undefined, FriendRequestsFrom>;
  send_read_receipts: ColumnType<boolean, boolean | undefined, boolean>;
  send_typing: ColumnType<boolean, boolean | undefined, boolean>;
  show_read_receipts: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface ConversationMutesTable {
  member_id: string;
  other_id: string;
  muted_at: ColumnType<Date, Date | undefined, Date>;
}

/** A mail waiting for delivery, delivered (sent_at), or given up on after its last attempt. */
export interface MailQueueTable {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: ColumnType<Date, Date | string, Date | string>;
  /** A server delivering it holds it until then; after a crash another server takes it. */
  claimed_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  sent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  given_up_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: ColumnType<Date, Date | string, never>;
}

/** A reset link: only the sha-256 of its token is kept. */
export interface PasswordResetsTable {
  token_hash: string;
  member_id: string;
  expires_at: ColumnType<Date, Date | string, never>;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: ColumnType<Date, Date | string, never>;
}

/** An email change waiting for its link: only the sha-256 of the token is kept, with the address it would set. */
export interface EmailChangesTable {
  token_hash: string;
  member_id: string;
  new_email: string;
  expires_at: ColumnType<Date, Date | string, never>;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: ColumnType<Date, Date | string, never>;
}

/** A member's passkey: the credential's public key (COSE, base64url) and its signature counter. */
export interface PasskeysTable {
  id: string;
  member_id: string;
  credential_id: string;
  public_key: string;
  /** bigint (the counter is 32 bits unsigned): the drivers may read it as a string. */
  sign_count: ColumnType<string | number, number, number>;
  /** JSON array of the authenticator's transports. */
  transports: string;
  name: string;
  created_at: ColumnType<Date, Date | string, never>;
  last_used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** A challenge handed out in WebAuthn options: taken (deleted) by the one answer that uses it. */
export interface PasskeyChallengesTable {
  challenge: string;
  purpose: 'register' | 'signIn';
  holder: string;
  expires_at: ColumnType<Date, Date | string, never>;
  created_at: ColumnType<Date, Date | string, never>;
}

export interface LiveConnectionsTable {
  id: string;
  server_id: string;
  member_id: string;
  connected_at: ColumnType<Date, Date | string | undefined, never>;
  seen_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface DebateQueueTable {
  member_id: string;
  community: string | null;
  joined_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface DebatesTable {
  id: string;
  member_a: string;
  member_b: string;
  prompt: string;
  take_a: ColumnType<string | null, string | null | undefined, string | null>;
  take_b: ColumnType<string | null, string | null | undefined, string | null>;
  started_at: ColumnType<Date, Date | string | undefined, never>;
  ended_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  ended_by: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface DebateMessagesTable {
  id: ColumnType<string, never, never>;
  debate_id: string;
  sender_id: string;
  client_id: string;
  text: string;
  sent_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface OperatorsTable {
  member_id: string;
  granted_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface MemberSuspensionsTable {
  member_id: string;
  /** null: suspended until an operator lifts it. */
  until: ColumnType<Date | null, Date | string | null, Date | string | null>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface ModerationLogTable {
  id: string;
  operator_id: string | null;
  operator_username: string;
  action: ModerationAction;
  target_id: string | null;
  target_username: string;
  report_id: string | null;
  /** Set for a suspension only. */
  length: SuspensionLength | null;
  reason: string;
  created_at: ColumnType<Date, Date | string, never>;
}

export interface Database {
  members: MembersTable;
  sessions: SessionsTable;
  profiles: ProfilesTable;
  auth_attempts: AuthAttemptsTable;
  server_secrets: ServerSecretsTable;
  member_interests: MemberInterestsTable;
  friend_requests: FriendRequestsTable;
  friendships: FriendshipsTable;
  blocks: BlocksTable;
  reports: ReportsTable;
  report_evidence: ReportEvidenceTable;
  game_results: GameResultsTable;
  game_sessions: GameSessionsTable;
  member_actions: MemberActionsTable;
  discover_rankings: DiscoverRankingsTable;
  discover_pair_scores: DiscoverPairScoresTable;
  messages: MessagesTable;
  member_safety: MemberSafetyTable;
  conversation_mutes: ConversationMutesTable;
  live_connections: LiveConnectionsTable;
  debate_queue: DebateQueueTable;
  debates: DebatesTable;
  debate_messages: DebateMessagesTable;
  operators: OperatorsTable;
  member_suspensions: MemberSuspensionsTable;
  moderation_log: ModerationLogTable;
  mail_queue: MailQueueTable;
  password_resets: PasswordResetsTable;
  email_changes: EmailChangesTable;
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
}

