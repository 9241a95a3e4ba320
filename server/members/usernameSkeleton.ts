import confusablePrototypes from 'unhomoglyph/data.json' with { type: 'json' };
import { normaliseUsername } from '../../src/domain/validation';

// The confusable skeleton of a username (Unicode TR39 section 4): decompose, replace every character
// by its prototype from the confusables table, decompose again. Two names that look alike ("admin",
// "аdmin" with a Cyrillic а, "adrnin") share a skeleton, and members.username_skeleton is unique,
// so the second is refused as taken. The name is case-folded first: the old rule already made
// "Admin" and "admin" one name. The table is confusables.txt's source -> prototype mapping as the
// unhomoglyph package ships it (data.json, one code point per key); the package's own replace
// function is not used because it skips TR39's decompositions.

const prototypes: Readonly<Record<string, string>> = confusablePrototypes;

export function usernameSkeleton(username: string): string {
  const decomposed = normaliseUsername(username).toLowerCase().normalize('NFD');
  let mapped = '';
  for (const character of decomposed) mapped += prototypes[character] ?? character;
  return mapped.normalize('NFD');
}
