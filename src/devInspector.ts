import { createBrowserInspector } from '@statelyai/inspect';

/** Dev-only: opens the Stately inspector; machines pick it up through `inspectorOptions`. */
let inspector: ReturnType<typeof createBrowserInspector> | null = null;

export function startInspector() {
  inspector ??= createBrowserInspector();
  (globalThis as { __myceliusInspect?: unknown }).__myceliusInspect = inspector.inspect;
  return inspector;
}
