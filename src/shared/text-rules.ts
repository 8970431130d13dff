// Text a person types never holds control characters; a NUL one also cannot be stored in
// PostgreSQL, so it must be refused with a message, before any expensive work, not as a 500.

/** C0 controls (except tab and line breaks when allowed), DEL and the C1 controls. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const CONTROL_OR_LINE_BREAK = /[\u0000-\u001f\u007f-\u009f]/;

export function controlCharactersMessage(label: string): string {
  return `${label} contains characters we can't accept. Please retype it.`;
}

/** Whether text has no control characters; line breaks and tabs only where multiline. */
export function hasNoControlCharacters(value: string, options: { multiline?: boolean } = {}): boolean {
  return !(options.multiline ? CONTROL : CONTROL_OR_LINE_BREAK).test(value);
}

/** The sign-in form's e-mail: the browser and the server give the same message for it. */
export const signInEmailControlMessage = controlCharactersMessage('E-mail address');
