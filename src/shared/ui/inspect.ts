/** Actor options that attach the dev-only Stately inspector when it was opened with `?inspect`. */
export function inspectOptions(): { inspect?: (event: unknown) => void } {
  if (!import.meta.env.DEV) return {};
  const inspect = (globalThis as { __myceliusInspect?: (event: unknown) => void }).__myceliusInspect;
  return inspect ? { inspect } : {};
}
