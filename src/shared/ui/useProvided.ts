import { useContext, type Context } from 'react';

/**
 * The value a feature's context holds, given where the app is assembled (tests give the same or fakes).
 * A screen rendered without it is a wiring mistake, so it throws `missing` instead of running without IO.
 */
export function useProvided<T>(context: Context<T | null>, missing: string): T {
  const value = useContext(context);
  if (value === null) throw new Error(missing);
  return value;
}
