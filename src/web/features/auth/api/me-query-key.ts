// Its own module, free of the schema, so the app shell (providers.tsx) can name it without loading zod.
export const meQueryKey = ['/api/auth/me'] as const;
