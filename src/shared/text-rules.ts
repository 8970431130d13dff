// Text a person types never holds control characters; a NUL one also cannot be stored in
// PostgreSQL, so it must be refused with a message, before any expensive work, not as a 500.

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/** Zero-width space, word joiner and the byte-order mark: text that shows as nothing. */
const isInvisible = (code: number) => code === 0x200b || code === 0x2060 || code === 0xfeff;
/**
 * The bidirectional embeddings, overrides and isolates: "Eve\u202Egnp.exe" shows as "Eveexe.png"
 * on the admin's screens and in e-mails. (The marks U+200E and U+200F, and the joiners that
 * scripts and emoji need, are allowed.)
 */
const isDirectionControl = (code: number) => (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);

/**
 * C0 controls, DEL, the C1 controls and the direction controls; tab and line breaks only where
 * text is multiline; invisible characters nowhere in one line (a name of two zero-width spaces
 * would pass its length rule and show as nothing), but in multiline text, which is often pasted.
 */
function isControl(code: number, multiline: boolean): boolean {
  if (multiline && (code === TAB || code === LINE_FEED || code === CARRIAGE_RETURN)) return false;
  return code < 0x20 || (code >= 0x7f && code <= 0x9f) || isDirectionControl(code) || (!multiline && isInvisible(code));
}

export function controlCharactersMessage(label: string): string {
  return `${label} contains characters we can't accept. Please retype it.`;
}

/** Whether text has no control characters; line breaks and tabs only where multiline. */
export function hasNoControlCharacters(value: string, options: { multiline?: boolean } = {}): boolean {
  for (let i = 0; i < value.length; i++) if (isControl(value.charCodeAt(i), options.multiline ?? false)) return false;
  return true;
}

/**
 * A Zod schema's check, as `.refine(...controlCharacterCheck(message))`: text with a control
 * character (a line break too, unless multiline) is refused with `message`, before any other rule
 * of the field is tried (a NUL must not reach the database, nor a length check word it).
 */
export function controlCharacterCheck(message: string, options: { multiline?: boolean } = {}) {
  return [(value: string) => hasNoControlCharacters(value, options), { message, abort: true }] as const;
}

/** The sign-in form's e-mail: the browser and the server give the same message for it. */
export const signInEmailControlMessage = controlCharactersMessage('E-mail address');

/** The fallback for any text a request carries: tabs and line breaks pass, other controls do not. */
export const anyTextControlMessage = controlCharactersMessage('This text');

/**
 * The paths of the strings in `value` (walked through arrays and plain objects) that hold a
 * control character other than a tab or a line break. Every request's parts are checked with
 * it (src/server/plugins/validation.ts), so no field a schema forgot can carry a NUL to the
 * database; fields of one line also refuse line breaks in their own schemas.
 */
export function controlCharacterPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return hasNoControlCharacters(value, { multiline: true }) ? [] : [path];
  if (Array.isArray(value)) return value.flatMap((item, i) => controlCharacterPaths(item, [...path, i]));
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.entries(value).flatMap(([key, item]) => [
      ...(hasNoControlCharacters(key, { multiline: false }) ? [] : [[...path, key]]),
      ...controlCharacterPaths(item, [...path, key]),
    ]);
  }
  return [];
}
