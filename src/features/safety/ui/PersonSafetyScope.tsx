import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, type ReactNode } from 'react';
import { inspectOptions } from '../../../shared/ui/inspect';
import { useSocial } from '../../session/components';
import { BlockDialog, BlockedDialog, ReportDialog } from './PersonSafetyDialogs';
import { usePersonSafetyMachine } from './SafetyActors';

type SafetyActor = ReturnType<typeof useSafetyActor>;

function useSafetyActor(onBlocked?: (userId: string) => void, onBlocking?: () => void) {
  const requests = useSocial()?.requests;
  const machine = usePersonSafetyMachine();
  // The actor is created once, with the callbacks of the first render (a navigate and the app's requests, which do not change).
  return useActorRef(
    machine.provide({
      actions: {
        personBlocked: (_, params) => onBlocked?.(params.userId),
        peopleChanged: () => {
          requests?.send({ type: 'REFRESH' });
          onBlocking?.();
        },
      },
    }),
    inspectOptions(),
  );
}

const SafetyContext = createContext<SafetyActor | null>(null);

/** The safety actor of the surrounding scope (null outside one, where nobody can be blocked or reported). */
export function useSafety(): SafetyActor | null {
  return useContext(SafetyContext);
}

function SafetyDialogs({ actor }: { actor: SafetyActor }) {
  const confirming = useSelector(actor, (s) => s.matches('confirmingBlock') || s.matches('blocking'));
  const reporting = useSelector(actor, (s) => s.matches('reporting'));
  const blocked = useSelector(actor, (s) => s.matches('blocked'));
  const notice = useSelector(actor, (s) => s.context.notice);
  return (
    <>
      <p className="visually-hidden" role="status" aria-live="polite">{notice ?? ''}</p>
      {confirming ? <BlockDialog actor={actor} /> : null}
      {blocked ? <BlockedDialog actor={actor} /> : null}
      {reporting ? <ReportDialog actor={actor} /> : null}
    </>
  );
}

/**
 * Where people can be blocked and reported (a screen, a chat header, a profile dialog): holds one safety actor,
 * its dialogs, and what it has blocked. `onBlocked` does what the place needs beyond hiding the person.
 */
export function PersonSafetyScope({
  onBlocked,
  onBlocking,
  children,
}: {
  onBlocked?: (userId: string) => void;
  /** As soon as a block from this scope went through (its dialog still open until Done). */
  onBlocking?: () => void;
  children: ReactNode;
}) {
  const actor = useSafetyActor(onBlocked, onBlocking);
  return (
    <SafetyContext.Provider value={actor}>
      {children}
      <SafetyDialogs actor={actor} />
    </SafetyContext.Provider>
  );
}

/** Renders its children unless this scope has blocked the person: a blocked card or row leaves the screen at once. */
export function HideIfBlocked({ personId, children }: { personId: string; children: ReactNode }) {
  const actor = useSafety();
  return actor ? <HiddenWhenBlocked actor={actor} personId={personId}>{children}</HiddenWhenBlocked> : children;
}

function HiddenWhenBlocked({ actor, personId, children }: { actor: SafetyActor; personId: string; children: ReactNode }) {
  const hidden = useSelector(actor, (s) => s.context.blockedIds.includes(personId));
  return hidden ? null : children;
}
