// Searches that match a person's text with LIKE: the text's own `\`, `%` and `_` are escaped, so
// "100%" finds "100%" and not everything starting with "100".

/** `text` with LIKE's wildcards and escape character escaped (PostgreSQL's default escape is `\`). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
