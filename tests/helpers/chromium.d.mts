// Types for tests/helpers/chromium.mjs.
export const chromiumCandidates: string[];
export function chromiumPath(): string | null;
export const chromiumArgs: string[];
