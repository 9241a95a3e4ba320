import type { Migration } from 'kysely/migration';
import { membersMigration } from './001_members';
import { loginFailuresMigration } from './002_login_failures';
import { socialMigration } from './003_social';
import { discoverCacheMigration } from './004_discover_cache';
import { memberActionsMigration } from './005_member_actions';
import { liveMigration } from './006_live';
import { gameSessionsMigration } from './007_game_sessions';
import { loginThrottleSkeletonsMigration } from './008_login_throttle_skeletons';
import { privacySafetyMigration } from './009_privacy_safety';
import { muteAndReceiptsViewMigration } from './010_mute_and_receipts_view';
import { reportEvidenceMigration } from './011_report_evidence';
import { operatorsMigration } from './012_operators';
import { mailAndPasswordResetsMigration } from './013_mail_and_password_resets';
import { sessionDevicesMigration } from './014_session_devices';
import { passkeysMigration } from './015_passkeys';
import { emailChangesMigration } from './017_email_changes';
import { searchTrigramsMigration } from './020_search_trigrams';
import { interestCountsMigration } from './021_interest_counts';
import { discoverGenerationMigration } from './022_discover_generation';

/** Every migration in order. Names are permanent: Kysely records them in kysely_migration. */
export const migrations: Record<string, Migration> = {
  '001_members': membersMigration,
  '002_login_failures': loginFailuresMigration,
  '003_social': socialMigration,
  '004_discover_cache': discoverCacheMigration,
  '005_member_actions': memberActionsMigration,
  '006_live': liveMigration,
  '007_game_sessions': gameSessionsMigration,
  '008_login_throttle_skeletons': loginThrottleSkeletonsMigration,
  '009_privacy_safety': privacySafetyMigration,
  '010_mute_and_receipts_view': muteAndReceiptsViewMigration,
  '011_report_evidence': reportEvidenceMigration,
  '012_operators': operatorsMigration,
  '013_mail_and_password_resets': mailAndPasswordResetsMigration,
  '014_session_devices': sessionDevicesMigration,
  '015_passkeys': passkeysMigration,
  '017_email_changes': emailChangesMigration,
  '020_search_trigrams': searchTrigramsMigration,
  '021_interest_counts': interestCountsMigration,
  '022_discover_generation': discoverGenerationMigration,
};
