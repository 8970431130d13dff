// Types for tests/helpers/chromium-path.mjs.
export const chromiumCandidates: string[];
export function chromiumPath(): string | null;
