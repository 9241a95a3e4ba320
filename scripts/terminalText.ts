// Text that members wrote (report notes, reasons, names), made inert before it reaches an operator's
// terminal: every control, format (bidi overrides, zero-width) and line/paragraph separator character
// is shown as an escape such as \n or \u{1b}, so a note can neither start a line that looks like a
// new report nor send the terminal an escape sequence. Backslashes are doubled, so an escape shown
// can always be told from one typed.

const UNPRINTABLE = /[\\\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;
const NAMED: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

export function inert(text: string): string {
  return text.replace(UNPRINTABLE, (character) => NAMED[character] ?? `\\u{${(character.codePointAt(0) ?? 0).toString(16)}}`);
}
