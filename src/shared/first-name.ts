// A technician's first name as customers read it: on their public profile (reviews), on the
// appointment's "who is coming" and in its e-mails, and in the "on my way" text. One derivation;
// each caller says what stands in for a name that has none (the profile leaves it out, the
// booking says "Your technician").

/** 'Sam Taylor' → 'Sam' (at most 30 characters); null for an empty or missing name. */
export function firstNameOf(name: string | null | undefined): string | null {
  const first = name?.trim().split(/\s+/)[0];
  return first ? first.slice(0, 30) : null;
}
