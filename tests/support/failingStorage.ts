/**
 * A Storage whose every write throws `failure` (a full quota, a blocked storage) and which otherwise
 * holds nothing; `overrides` keeps some reads real. Stubbed in as `localStorage` by the tests of what a
 * failed write must not lose.
 */
export function storageFailingWith(failure: unknown, overrides: Partial<Storage> = {}): Storage {
  return {
    getItem: () => null,
    setItem: () => {
      throw failure;
    },
    removeItem: () => undefined,
    key: () => null,
    length: 0,
    clear: () => undefined,
    ...overrides,
  };
}

export const fullStorage = (): Storage => storageFailingWith(new DOMException('full', 'QuotaExceededError'));
