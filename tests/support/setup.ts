import '@testing-library/jest-dom/vitest';
import { vi } from 'vitest';

// Testing Library notices fake timers through a `jest` global and then advances that clock while it
// waits; pointing it at Vitest's clock keeps waitFor/userEvent working under vi.useFakeTimers().
(globalThis as { jest?: unknown }).jest = { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) };
