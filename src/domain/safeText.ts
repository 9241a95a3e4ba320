import { z } from 'zod';

// The one rule for text a person sends: no control characters. A NUL cannot be stored by Postgres at
// all, and the others (escape sequences, backspaces, C1 codes) only ever serve to forge or garble what
// someone else reads. Multi-line texts (chat messages, report notes, hobbies) keep newline and tab.

/** Tab, line feed and carriage return: the layout a multi-line text may keep. */
const LAYOUT = new Set([0x09, 0x0a, 0x0d]);

export const controlCharacterText = 'must not contain control characters';

/** Whether `text` holds a C0 control, DEL or a C1 control (layout excepted when `multiLine`). */
export function hasControlCharacters(text: string, multiLine = false): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    const control = code <= 0x1f || (code >= 0x7f && code <= 0x9f);
    if (control && !(multiLine && LAYOUT.has(code))) return true;
  }
  return false;
}

/** A one-line text of at most `max` characters without control characters. */
export function safeLine(max: number) {
  return z
    .string()
    .max(max)
    .refine((text) => !hasControlCharacters(text), controlCharacterText);
}

/** A text of at most `max` characters that may hold newlines and tabs but no other control character. */
export function safeMultiLine(max: number) {
  return z
    .string()
    .max(max)
    .refine((text) => !hasControlCharacters(text, true), controlCharacterText);
}
