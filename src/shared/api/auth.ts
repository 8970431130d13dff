// D11: admins and repairers sign in; customers never do. The sign-in form and
// POST /api/auth/sign-in parse with the one SignInSchema (STYLE habit 1).
import { z } from 'zod';
import { controlCharacterCheck, signInEmailControlMessage } from '../text-rules';

export const roles = ['admin', 'repairer'] as const;
export const RoleSchema = z.enum(roles);
export type Role = z.infer<typeof RoleSchema>;

export const signInMessages = {
  email: 'Please enter your e-mail address',
  emailInvalid: 'Please enter a valid e-mail address',
  password: 'Please enter your password',
  wrong: 'The e-mail or password is not right.',
} as const;

export const SignInSchema = z.object({
  email: z
    .string()
    .refine(...controlCharacterCheck(signInEmailControlMessage))
    .trim().min(1, signInMessages.email).max(254, signInMessages.emailInvalid).pipe(z.email(signInMessages.emailInvalid)),
  password: z.string().min(1, signInMessages.password).max(1000),
});
export type SignInInput = z.input<typeof SignInSchema>;

export const SessionUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: RoleSchema,
  /** The repairer business a repairer account acts for; null for admins. */
  repairerId: z.number().int().nullable(),
});
export type SessionUserView = z.infer<typeof SessionUserSchema>;

/** POST /api/auth/sign-in and GET /api/auth/me. */
export const MeResponseSchema = z.object({ user: SessionUserSchema });
export type MeResponse = z.infer<typeof MeResponseSchema>;
