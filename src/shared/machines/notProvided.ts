import { fromCallback, fromPromise, type CallbackLogicFunction, type EventObject, type NonReducibleUnknown } from 'xstate';

// A machine names the IO it needs and its shape; the real actor sits in its feature's actors/ folder and
// is provided where the app is assembled (tests provide fakes the same way). Until then, invoking the
// slot fails loudly instead of doing nothing.

function missing(name: string): Error {
  return new Error(`The '${name}' actor was not provided: provide it where the app is assembled (or in the test).`);
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
