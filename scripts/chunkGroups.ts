import { basename, extname, resolve } from 'node:path';
import { APP_LAYOUT, SESSION_ROOT } from '../src/app/routeScreens.ts';

// How the client build groups modules into files beyond the boot chunk. Every page after /intro loads
// the members session (SessionRoot) and everything it imports before it can render; the main screens
// load their frame (AppLayout) too. Left to automatic splitting, those imports come out as some forty
// files of one or two KB each, and a phone on a slow network fetches them six at a time, a round trip
// per wave, before the screen shows. As one file each they arrive in one or two round trips and
// compress better. A module the entry itself imports stays with the entry, so the first screen
// (/intro) loads none of these files.

interface GraphView {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/** The modules `from` loads with it: itself and its static imports, transitively. */
function staticClosure(graph: GraphView, from: string, into = new Set<string>()): Set<string> {
  const stack = [from];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (into.has(id)) continue;
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    into.add(id);
    stack.push(...info.importedIds);
  }
  return into;
}

/** The roots whose imports become one chunk each, in order of claim, by source path. */
const GROUP_ROOTS = [SESSION_ROOT, APP_LAYOUT] as const;

/**
 * The `codeSplitting.groups` entries for a project rooted at `root`: one chunk per root in GROUP_ROOTS,
 * named after it (SessionRoot-[hash].js, AppLayout-[hash].js). A module goes to the first root whose
 * static imports reach it, unless the entry (`entry`) reaches it too.
 */
export function rootChunkGroups(root: string, entry = 'src/main.tsx') {
  const entryId = resolve(root, entry);
  const names = GROUP_ROOTS.map((path) => basename(path, extname(path)));
  // The graph is fixed while chunks are assigned; one map of owners per build, computed on first call.
  const owners = new WeakMap<GraphView, Map<string, string>>();
  const ownerOf = (id: string, graph: GraphView): string | undefined => {
    let map = owners.get(graph);
    if (!map) {
      map = new Map();
      const claimed = staticClosure(graph, entryId);
      GROUP_ROOTS.forEach((path, i) => {
        for (const m of staticClosure(graph, resolve(root, path))) {
          if (!claimed.has(m)) map!.set(m, names[i]!);
          claimed.add(m);
        }
      });
      owners.set(graph, map);
    }
    return map.get(id);
  };
  return names.map((name) => ({
    name: (id: string, graph: GraphView) => (ownerOf(id, graph) === name ? name : null),
    // Left to its default, a group also takes in what its modules import: the modules the entry shares with
    // the session would move into the session chunk, and the first screen would load all of it.
    includeDependenciesRecursively: false,
  }));
}
