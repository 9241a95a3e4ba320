import { fromPromise } from 'xstate';
import type { BlockedPerson, ReportCreate } from '../../../domain/socialContract';
import { socialFailureText } from '../../../shared/http/socialErrors';
import { explainingFailure } from '../../../domain/explainedError';
import { blockPerson, listBlockedPeople, reportPerson, unblockPerson } from '../services/safety';

// The server calls behind blocking, reporting and the blocked list; a failure carries the social contract's text.

export const personSafetyActors = {
  block: fromPromise<unknown, { userId: string }>(({ input }) => explainingFailure(() => blockPerson(input.userId), socialFailureText)),
  report: fromPromise<string, ReportCreate>(({ input }) => explainingFailure(() => reportPerson(input), socialFailureText)),
};

export const blockedPeopleActors = {
  loadBlocked: fromPromise<BlockedPerson[]>(() => explainingFailure(listBlockedPeople, socialFailureText)),
  unblock: fromPromise<unknown, { userId: string }>(({ input }) => explainingFailure(() => unblockPerson(input.userId), socialFailureText)),
};

export const safetyActors = { personSafety: personSafetyActors, blockedPeople: blockedPeopleActors };
export type SafetyActors = typeof safetyActors;
