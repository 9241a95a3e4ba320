// Hot Takes rule: a game never opens with the prompt the player just debated. The prompt is
// picked among the others; only when no other exists may the same one come back.

/** Same prompt, ignoring case and spacing (a regenerated prompt may differ only in whitespace). */
export function isSamePrompt(a: string, b: string | undefined): boolean {
  if (b === undefined) return false;
  const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();
  return norm(a) === norm(b);
}

/** The prompts a new game may open with: every candidate except the previous one, unless that leaves none. */
export function promptsAfter(candidates: readonly string[], previous: string | undefined): readonly string[] {
  const fresh = candidates.filter((c) => !isSamePrompt(c, previous));
  return fresh.length > 0 ? fresh : candidates;
}
