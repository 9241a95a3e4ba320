import { fromCallback, type EventObject } from 'xstate';

/** A callback actor (a watcher, a follower, a live link) that throws `failure` as it starts: what the machine must log and outlive. */
export function callbackThrowing<TEvent extends EventObject = EventObject>(failure: unknown) {
  return fromCallback<TEvent>(() => {
    throw failure;
  });
}
