import { fromCallback, fromPromise, type CallbackLogicFunction, type EventObject, type NonReducibleUnknown } from 'xstate';

// A machine names the IO it needs and its shape; the real actor sits in its feature's actors/ folder and
// is provided where the app is assembled (tests provide fakes the same way). Until then, invoking the
// slot fails loudly instead of doing nothing.

function missing(name: string, kind: 'actor' | 'action' = 'actor'): Error {
  return new Error(`The '${name}' ${kind} was not provided: provide it where the app is assembled (or in the test).`);
}

/** A promise actor's slot: typed output and input, rejecting until provided. */
export function notProvided<TOutput, TInput extends NonReducibleUnknown = NonReducibleUnknown>(name: string) {
  return fromPromise<TOutput, TInput>(() => Promise.reject(missing(name)));
}

/** A callback actor's slot: typed events and input, throwing until provided. */
export function callbackNotProvided<TEvent extends EventObject, TInput extends NonReducibleUnknown = NonReducibleUnknown, TEmitted extends EventObject = EventObject>(name: string) {
  const logic: CallbackLogicFunction<TEvent, EventObject, TInput, TEmitted> = () => {
    throw missing(name);
  };
  return fromCallback(logic);
}

/**
 * An action's slot for IO the app must do (navigate, keep on the device, tell another actor): throws
 * until provided, so a screen that forgets it fails at once instead of leaving a dead button.
 */
export function actionNotProvided(name: string): () => void;
// The machine names the params its action is called with; the slot only carries that type to setup().
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
export function actionNotProvided<TParams>(name: string): (_args: unknown, params: TParams) => void;
export function actionNotProvided(name: string) {
  return () => {
    throw missing(name, 'action');
  };
}
