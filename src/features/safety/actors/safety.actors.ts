import { fromPromise } from 'xstate';
import type { BlockedPerson, ReportCreate } from '../../../domain/socialContract';
import { socialFailureText } from '../../../shared/http/socialErrors';
import { showingFailure } from '../../../domain/shownFailure';
import { blockPerson, listBlockedPeople, reportPerson, unblockPerson } from '../services/safety';

// The server calls behind blocking, reporting and the blocked list; a failure carries the social contract's text.

export const personSafetyActors = {
  block: fromPromise<unknown, { userId: string }>(({ input }) => showingFailure(() => blockPerson(input.userId), socialFailureText)),
  report: fromPromise<string, ReportCreate>(({ input }) => showingFailure(() => reportPerson(input), socialFailureText)),
};

export const blockedPeopleActors = {
  loadBlocked: fromPromise<BlockedPerson[]>(() => showingFailure(listBlockedPeople, socialFailureText)),
  unblock: fromPromise<unknown, { userId: string }>(({ input }) => showingFailure(() => unblockPerson(input.userId), socialFailureText)),
};

export const safetyActors = { personSafety: personSafetyActors, blockedPeople: blockedPeopleActors };
export type SafetyActors = typeof safetyActors;
