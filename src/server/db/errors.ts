// What a database error means, on either engine: drizzle wraps the driver's error, so the
// PostgreSQL code may sit on the error itself or on one of its causes.

/** A unique constraint refused the row (SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
