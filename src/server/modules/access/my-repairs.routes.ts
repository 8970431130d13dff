// Issue 38 item 1 (docs/decisions/0036): My repairs' calls. Public: the e-mailed link, or the
// session it begins, is the key; nothing here answers differently for an e-mail we do not know.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  myRepairsMessages,
  MyRepairsSchema,
  MyRepairsSignInBodySchema,
  SignedOutElsewhereSchema,
  SignedOutSchema,
  SignInLinkBodySchema,
  SignInLinkSentSchema,
} from '../../../shared/api/my-repairs';
import type { ModuleDeps } from '../../module-deps';
import { clearMyRepairsCookies, myRepairsToken, setMyRepairsCookies } from '../../kernel/cookies';
import { countSignInLinkRequest, myRepairs, requireCustomerSession, sendSignInLinkLater, signInByLink, signOutCustomer, signOutEverywhereElse } from './my-repairs.service';

export const myRepairsRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (app, { deps }) => {
  const { config } = deps;
  const db = deps.database.db;
  const linkDeps = { db, jobs: deps.jobs, publicUrl: config.publicUrl, company: config.company };

  app.post('/api/my-repairs/sign-in-link', { schema: { body: SignInLinkBodySchema, response: { 202: SignInLinkSentSchema } } }, async (request, reply) => {
    const { email } = request.body;
    await countSignInLinkRequest(db, email, request.ip);
    // The answer goes before the address is looked up: its words and its time are the same for any address.
    sendSignInLinkLater(linkDeps, email, request.log);
    return reply.status(202).header('Cache-Control', 'no-store').send({ message: myRepairsMessages.linkSent });
  });

  app.post('/api/my-repairs/sign-in', { schema: { body: MyRepairsSignInBodySchema, response: { 200: MyRepairsSchema } } }, async (request, reply) => {
    const now = new Date();
    const { sessionToken } = await signInByLink(db, request.body.token, now);
    setMyRepairsCookies(config, request, reply, sessionToken);
    const session = await requireCustomerSession(db, sessionToken);
    reply.header('Cache-Control', 'private, no-store');
    return myRepairs(db, session, now);
  });

  app.get('/api/my-repairs', { schema: { response: { 200: MyRepairsSchema } } }, async (request, reply) => {
    const token = myRepairsToken(config, request);
    const session = await requireCustomerSession(db, token);
    // The grant cookie may have let the session's token go (it keeps the newest few): it comes back.
    setMyRepairsCookies(config, request, reply, token!);
    reply.header('Cache-Control', 'private, no-store');
    return myRepairs(db, session, new Date());
  });

  app.post('/api/my-repairs/sign-out', { schema: { response: { 200: SignedOutSchema } } }, async (request, reply) => {
    const token = myRepairsToken(config, request);
    const session = await requireCustomerSession(db, token).catch(() => undefined);
    if (session) await signOutCustomer(db, session);
    clearMyRepairsCookies(config, request, reply, token);
    return { message: 'You have signed out of My repairs in this browser.' };
  });

  app.post('/api/my-repairs/sign-out-everywhere-else', { schema: { response: { 200: SignedOutElsewhereSchema } } }, async (request) => {
    const session = await requireCustomerSession(db, myRepairsToken(config, request));
    const ended = await signOutEverywhereElse(db, session);
    return {
      message: 'Every other browser and every link in the e-mails we sent you before no longer opens your repairs. This browser stays signed in.',
      endedSessions: ended.sessions,
      endedGrants: ended.grants,
    };
  });
};
