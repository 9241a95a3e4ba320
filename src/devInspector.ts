import { createBrowserInspector } from '@statelyai/inspect';

/** Dev-only, called once at start-up: opens the Stately inspector; machines pick it up through `inspectorOptions`. */
export function startInspector() {
  const inspector = createBrowserInspector();
  (globalThis as { __myceliusInspect?: unknown }).__myceliusInspect = inspector.inspect;
  return inspector;
}
