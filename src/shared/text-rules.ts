// Text a person types never holds control characters; a NUL one also cannot be stored in
// PostgreSQL, so it must be refused with a message, before any expensive work, not as a 500.

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/** C0 controls, DEL and the C1 controls; tab and line breaks only where text is multiline. */
function isControl(code: number, multiline: boolean): boolean {
  if (multiline && (code === TAB || code === LINE_FEED || code === CARRIAGE_RETURN)) return false;
  return code < 0x20 || (code >= 0x7f && code <= 0x9f);
}

export function controlCharactersMessage(label: string): string {
  return `${label} contains characters we can't accept. Please retype it.`;
}

/** Whether text has no control characters; line breaks and tabs only where multiline. */
export function hasNoControlCharacters(value: string, options: { multiline?: boolean } = {}): boolean {
  for (let i = 0; i < value.length; i++) if (isControl(value.charCodeAt(i), options.multiline ?? false)) return false;
  return true;
}

/** The sign-in form's e-mail: the browser and the server give the same message for it. */
export const signInEmailControlMessage = controlCharactersMessage('E-mail address');
