import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig, type Rolldown } from 'vite';
import { APP_LAYOUT, ROUTE_SCREENS, SPLASH_NEXT } from '../src/app/routeScreens.ts';

type OutputBundle = Rolldown.OutputBundle;

// After the client build, writes a page per fixed route (dist/<route>/index.html, which the static file
// server answers for /<route>) so a first visit paints sooner:
// - /intro carries the splash already rendered, so it shows before any script has run (React hydrates it);
// - every other fixed route preloads the lazy chunks and styles its screen always needs, and the main
//   screens also carry their header and navigation (marked data-shell: the app replaces it when it renders).
// dist/index.html stays the empty shell for every other path. Every page, that shell included, carries its
// stylesheets inline, so none waits for a stylesheet request before it paints.

/** One output script of the client build: its file, the files it imports statically, its styles. */
interface BuiltChunk {
  file: string;
  isEntry: boolean;
  imports: readonly string[];
  css: readonly string[];
}
/** The client build's scripts by file, and which file each source module (path from the root) went into. */
interface BuiltChunks {
  byFile: ReadonlyMap<string, BuiltChunk>;
  fileOf: ReadonlyMap<string, string>;
}

const SPLASH_PATH = '/intro';
const ROOT_TAG = '<div id="root"></div>';

/** Reads the chunks off the bundle Vite wrote: a module grouped into a shared chunk (vite.config.ts) has no file of its own. */
function builtChunks(root: string, bundle: OutputBundle): BuiltChunks {
  const byFile = new Map<string, BuiltChunk>();
  const fileOf = new Map<string, string>();
  for (const output of Object.values(bundle)) {
    if (output.type !== 'chunk') continue;
    byFile.set(output.fileName, {
      file: output.fileName,
      isEntry: output.isEntry,
      imports: output.imports,
      css: [...(output.viteMetadata?.importedCss ?? [])],
    });
    for (const id of output.moduleIds) fileOf.set(relative(root, id).split(sep).join('/'), output.fileName);
  }
  return { byFile, fileOf };
}

/** Every chunk a chunk loads with it: itself and its static imports, transitively. */
function staticClosure(chunks: BuiltChunks, file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file) || !chunks.byFile.has(file)) return seen;
  seen.add(file);
  for (const imported of chunks.byFile.get(file)!.imports) staticClosure(chunks, imported, seen);
  return seen;
}

type Hint =
  | { rel: 'modulepreload'; afterFirstPaint: boolean }
  | { rel: 'prefetch' };

/**
 * Link tags for the scripts and styles of `modules` that the entry does not already load. Scripts a page
 * does not need for its first paint (its frame is prerendered) are fetched at low priority, after what is.
 */
function preloadTags(built: BuiltChunks, modules: readonly string[], hint: Hint): string {
  const { rel } = hint;
  const entry = [...built.byFile.values()].find((c) => c.isEntry);
  if (!entry) throw new Error('No entry chunk in the client build');
  const loaded = staticClosure(built, entry.file);
  const needed = new Set<string>();
  for (const module of modules) {
    const file = built.fileOf.get(module);
    if (!file) throw new Error(`${module} is not in a chunk of this build: is src/app/routeScreens.ts up to date?`);
    staticClosure(built, file, needed);
  }
  const chunks = [...needed].filter((k) => !loaded.has(k)).map((k) => built.byFile.get(k)!);
  const priority = hint.rel === 'modulepreload' && hint.afterFirstPaint ? ' fetchpriority="low"' : '';
  const scripts = chunks.map((c) => `<link rel="${rel}"${priority} crossorigin href="/${c.file}">`);
  // A screen's styles as a plain stylesheet: the lazy import would otherwise only ask for them once its script ran.
  const styles = [...new Set(chunks.flatMap((c) => c.css ?? []))].map((file) =>
    rel === 'modulepreload' ? `<link rel="stylesheet" crossorigin href="/${file}">` : `<link rel="prefetch" as="style" crossorigin href="/${file}">`,
  );
  return [...scripts, ...styles].map((tag) => `    ${tag}\n`).join('');
}

function withHeadTags(html: string, tags: string): string {
  if (!html.includes('\n  </head>')) throw new Error('index.html has no </head> line');
  return html.replace('\n  </head>', `\n${tags}  </head>`);
}

function withRootMarkup(html: string, markup: string, attributes = ''): string {
  if (!html.includes(ROOT_TAG)) throw new Error(`index.html has no empty ${ROOT_TAG}`);
  return html.replace(ROOT_TAG, `<div id="root"${attributes}>${markup}</div>`);
}

const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g;

/**
 * Puts each stylesheet the page links into the page itself: a linked sheet holds the first paint back by
 * a request (a round trip and more on a phone's network), the page's own bytes do not. The link stays,
 * disabled (never fetched, never applied), because Vite's loader for a lazy screen looks for a stylesheet
 * link to the screen's CSS before adding one and waiting for it to load: it finds this one and does not.
 */
function withInlineStyles(outDir: string, html: string): string {
  return html.replace(STYLESHEET_LINK, (link: string, file: string) => {
    const css = readFileSync(join(outDir, file), 'utf8');
    if (css.includes('</')) throw new Error(`${file} contains "</", which would end an inline <style> early`);
    return `<style>${css.trimEnd()}</style>${link.replace('>', ' disabled>')}`;
  });
}

function writeRoutePage(outDir: string, path: string, html: string): void {
  const dir = join(outDir, ...path.split('/').filter(Boolean));
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'index.html'), html);
}

type Prerender = typeof import('../src/prerender');

/** Builds src/prerender.tsx for Node with the project's own config (same asset names) and hands it to `render`. */
async function withPrerender<T>(config: ResolvedConfig, render: (prerender: Prerender) => Promise<T>): Promise<T> {
  // Inside the project so the built module resolves react and friends from its node_modules.
  const outDir = resolve(config.root, 'node_modules/.cache/first-paint');
  await build({
    configFile: config.configFile,
    mode: config.mode,
    logLevel: 'warn',
    build: { ssr: 'src/prerender.tsx', outDir, emptyOutDir: true, copyPublicDir: false, manifest: false },
  });
  try {
    return await render((await import(`${pathToFileURL(join(outDir, 'prerender.js')).href}?t=${Date.now()}`)) as Prerender);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

export function firstPaint(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'mycelius:first-paint',
    // The client build only: the prerender's own (SSR) build uses this config too.
    apply: (userConfig, { command }) => command === 'build' && !userConfig.build?.ssr,
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle(_options, bundle) {
      const outDir = resolve(config.root, config.build.outDir);
      const shell = readFileSync(join(outDir, 'index.html'), 'utf8');
      const built = builtChunks(config.root, bundle);
      const pages = await withPrerender(config, async ({ renderPath, renderAppShell }) => {
        const nextScreen = preloadTags(built, ROUTE_SCREENS[SPLASH_NEXT]!, { rel: 'prefetch' });
        const splash = withRootMarkup(withHeadTags(shell, nextScreen), renderPath(SPLASH_PATH));
        const routes = Object.entries(ROUTE_SCREENS).map(async ([path, modules]) => {
          const framed = modules.includes(APP_LAYOUT);
          const html = withHeadTags(shell, preloadTags(built, modules, { rel: 'modulepreload', afterFirstPaint: framed }));
          return [path, framed ? withRootMarkup(html, await renderAppShell(path), ' data-shell') : html] as const;
        });
        return [[SPLASH_PATH, splash] as const, ...(await Promise.all(routes))];
      });
      for (const [path, html] of pages) writeRoutePage(outDir, path, withInlineStyles(outDir, html));
      writeFileSync(join(outDir, 'index.html'), withInlineStyles(outDir, shell));
    },
  };
}
