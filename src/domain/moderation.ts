// The operators' rules in one place: how long a suspension lasts, the reason an operator gives, and
// the words a suspended member and an operator read. Server and console import them from here.

export const SUSPENSION_LENGTHS = ['1d', '7d', 'permanent'] as const;
export type SuspensionLength = (typeof SUSPENSION_LENGTHS)[number];

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long each length lasts; null: until an operator lifts it. */
export const SUSPENSION_DURATION_MS: Readonly<Record<SuspensionLength, number | null>> = { '1d': DAY_MS, '7d': 7 * DAY_MS, permanent: null };

export const suspensionLengthLabels: Readonly<Record<SuspensionLength, string>> = { '1d': '1 day', '7d': '7 days', permanent: 'Permanently' };

/** The reason an operator types for every action: required, one short paragraph at most. */
export const MODERATION_REASON_MAX_LENGTH = 500;
/** Entries of the moderation log the console shows (newest first). */
export const MODERATION_LOG_PAGE = 100;
/** Earlier reports about the same member listed with an open report (their count is always given). */
export const EARLIER_REPORTS_SHOWN = 3;
/** Actions one operator may take in an hour (counted in the database). */
export const MODERATION_ACTIONS_PER_HOUR = 300;

export const MODERATION_ACTIONS = ['dismiss', 'suspend', 'lift', 'delete'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A moment as people read it, the same on every machine: '2 March 2026, 12:00 UTC'. */
export function formatMoment(at: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}, ${two(at.getUTCHours())}:${two(at.getUTCMinutes())} UTC`;
}

/** What a suspended member reads when they log in; `until` null: a permanent suspension. */
export function suspendedText(until: Date | null): string {
  return until === null ? 'This account is suspended.' : `This account is suspended until ${formatMoment(until)}.`;
}

/** 'Member for 3 days' (under a day: 'Member for less than a day'). */
export function accountAgeText(createdAt: Date, now: Date): string {
  const days = Math.floor((now.getTime() - createdAt.getTime()) / DAY_MS);
  if (days < 1) return 'Member for less than a day';
  return `Member for ${days} day${days === 1 ? '' : 's'}`;
}

/** One line of the moderation log: what was done, to whom. */
export function actionText(action: ModerationAction, target: string, length: SuspensionLength | null): string {
  switch (action) {
    case 'dismiss':
      return `Dismissed a report about ${target}`;
    case 'suspend':
      return length === 'permanent' ? `Suspended ${target} permanently` : `Suspended ${target} for ${suspensionLengthLabels[length ?? '1d']}`;
    case 'lift':
      return `Lifted the suspension of ${target}`;
    case 'delete':
      return `Deleted the account of ${target}`;
  }
}

/** The console's words (headings, buttons, dialog labels), one place for screen and tests. */
export const consoleTexts = {
  title: 'Moderation',
  openReports: 'Open reports',
  moderationLog: 'Moderation log',
  noReports: 'No open reports.',
  noLog: 'Nothing has been done yet.',
  loading: 'Loading the console…',
  loadFailed: 'The console could not be loaded.',
  retry: 'Try again',
  dismiss: 'Dismiss',
  suspend: 'Suspend',
  lift: 'Lift suspension',
  remove: 'Delete account',
  cancel: 'Cancel',
  reason: 'Reason',
  reasonHint: `Required. Up to ${MODERATION_REASON_MAX_LENGTH} characters, kept in the moderation log.`,
  reasonRequired: 'Please give a reason.',
  length: 'Length',
  evidence: 'Messages',
  earlier: 'Earlier reports',
  deletedAccount: '(deleted account)',
  working: 'Working…',
} as const;

/** Each action's dialog title. */
export function actionDialogTitle(action: ModerationAction, target: string): string {
  switch (action) {
    case 'dismiss':
      return `Dismiss the report about ${target}`;
    case 'suspend':
      return `Suspend ${target}`;
    case 'lift':
      return `Lift the suspension of ${target}`;
    case 'delete':
      return `Delete the account of ${target}`;
  }
}

/** The confirming button of each action's dialog. */
export const actionButtonTexts: Readonly<Record<ModerationAction, string>> = {
  dismiss: consoleTexts.dismiss,
  suspend: consoleTexts.suspend,
  lift: consoleTexts.lift,
  delete: consoleTexts.remove,
};
