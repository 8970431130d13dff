// D11: admins and repairers sign in; the form and this route parse with one SignInSchema.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MeResponseSchema, SignInSchema } from '../../../shared/api/auth';
import type { ModuleDeps } from '../../module-deps';
import { roleGroup } from '../../plugins/auth';
import { clearSessionCookie, setSessionCookie } from '../../kernel/cookies';
import { unauthorised } from '../../kernel/errors';
import { signIn, signOut } from './auth.service';
import { readKnownDevice, setKnownDevice } from './known-device';

export const authRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (app, { deps }) => {
  const { config } = deps;
  const db = deps.database.db;
  const { passwords } = deps;

  const secret = deps.appSecret;
  app.post('/api/auth/sign-in', { schema: { body: SignInSchema, response: { 200: MeResponseSchema } } }, async (request, reply) => {
    const result = await signIn(
      db,
      {
        ...request.body,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        ttlHours: config.sessionTtlHours,
        previousToken: request.sessionToken ?? undefined,
        device: { token: readKnownDevice(config, request), secret },
      },
      { passwords, failuresPerAccount: config.signInFailuresPerAccount, attemptsPerAddress: config.signInAttemptsPerAddress },
    );
    setSessionCookie(config, reply, result.token);
    setKnownDevice(config, reply, result.deviceToken);
    return { user: result.user };
  });

  app.post('/api/auth/sign-out', { schema: { response: { 204: z.null() } } }, async (request, reply) => {
    if (request.sessionToken) await signOut(db, request.sessionToken);
    clearSessionCookie(config, reply);
    return reply.status(204).send(null);
  });

  await app.register(
    roleGroup(['admin', 'repairer'], async (staff) => {
      staff.get('/api/auth/me', { schema: { response: { 200: MeResponseSchema } } }, async (request) => {
        const user = await request.session();
        if (!user) throw unauthorised();
        return { user };
      });
    }),
  );
};
