// Types for scripts/web-build.mjs (plain JavaScript, so that npm start runs it without tsx).
export function webSourcesHash(): string;
export function webBuildIsCurrent(): boolean;
export function buildWebIfStale(options?: { quiet?: boolean; logFile?: string }): 'current' | 'built';
export const webDistDir: string;
