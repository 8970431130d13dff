import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hasNoControlCharacters, signInEmailControlMessage } from '../../../shared/text-rules';
import type { AppConfig } from '../../config/config';
import type { Db } from '../../db/database';
import { cookieNames, cookieOptions, requireRole } from '../../plugins/auth';
import { unauthorised } from '../../plugins/errors';
import { signIn, signOut } from './auth.service';
import { PasswordQueue } from './password-queue';

const SessionUserSchema = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  role: z.enum(['admin', 'repairer']),
  repairerId: z.number().nullable(),
});

const SignInSchema = z.object({
  email: z
    .string()
    .refine((value) => hasNoControlCharacters(value), { message: signInEmailControlMessage, abort: true })
    .trim()
    .min(1, 'Please enter your e-mail address')
    .max(254),
  password: z.string().min(1, 'Please enter your password').max(1000),
});

export const authRoutes: FastifyPluginAsyncZod<{ config: AppConfig; db: Db }> = async (app, { config, db }) => {
  const names = cookieNames(config);
  const passwords = new PasswordQueue({ concurrency: config.passwordHashConcurrency, queue: config.passwordHashQueue });

  app.post(
    '/api/auth/sign-in',
    { schema: { body: SignInSchema, response: { 200: z.object({ user: SessionUserSchema }) } } },
    async (request, reply) => {
      const result = await signIn(db, {
        ...request.body,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        ttlHours: config.sessionTtlHours,
        previousToken: request.sessionToken ?? undefined,
      }, { passwords, failuresPerAccount: config.signInFailuresPerAccount });
      reply.setCookie(names.session, result.token, cookieOptions(config, config.sessionTtlHours * 3600));
      return { user: result.user };
    },
  );

  app.post('/api/auth/sign-out', { schema: { response: { 204: z.null() } } }, async (request, reply) => {
    if (request.sessionToken) await signOut(db, request.sessionToken);
    reply.clearCookie(names.session, { path: '/' });
    return reply.status(204).send(null);
  });

  app.get(
    '/api/auth/me',
    { schema: { response: { 200: z.object({ user: SessionUserSchema }) } }, preHandler: requireRole('admin', 'repairer') },
    async (request) => {
      if (!request.sessionUser) throw unauthorised();
      return { user: request.sessionUser };
    },
  );
};
