import { z } from 'zod';
import { Name } from '../../../contract/common.js';
import { ConsolePassword, ConsoleRole, ConsoleUserWire, toConsoleUserWire } from '../../console/users/console-user.js';
import { createConsoleUser, deactivateConsoleUser, listConsoleUsers } from '../../console/users/manage-console-users.js';
import { adminApiActor, defineAdminRoute } from '../admin-route.js';

/** The console's users (docs/console.md): automation creates and deactivates them here. */
export const consoleUserRoutes = [
  defineAdminRoute({
    method: 'get',
    path: '/console/users',
    summary: 'Console users (never their password hashes)',
    tag: 'console',
    response: z.object({ items: z.array(ConsoleUserWire) }),
    async handle(_input, ctx) {
      return { items: (await listConsoleUsers(ctx.db)).map(toConsoleUserWire) };
    },
  }),
  defineAdminRoute({
    method: 'post',
    path: '/console/users',
    summary:
      'Create a console user (role admin, lead, viewer, or agent with its participant_id); the password is stored as an argon2id hash',
    tag: 'console',
    errors: ['conflict'],
    body: z.object({
      email: z.email({ error: 'email must be an email address' }).max(200),
      name: Name(100),
      role: ConsoleRole,
      password: ConsolePassword,
      participant_id: z
        .uuid()
        .optional()
        .meta({ description: 'For the agent role (required there): the participant whose calls the agent sees' }),
    }),
    response: ConsoleUserWire,
    status: 201,
    async handle({ body }, ctx) {
      const { participant_id: participantId, ...user } = body;
      return toConsoleUserWire(await createConsoleUser(ctx.db, { ...user, participantId }, adminApiActor));
    },
  }),
  defineAdminRoute({
    method: 'post',
    path: '/console/users/:id/deactivate',
    summary: 'Deactivate a console user and revoke their sessions',
    tag: 'console',
    errors: ['not_found'],
    params: z.object({ id: z.uuid() }),
    response: ConsoleUserWire.extend({ sessions_revoked: z.number().int() }),
    async handle({ params }, ctx) {
      const { user, sessionsRevoked } = await deactivateConsoleUser(ctx.db, params.id, adminApiActor, ctx.now());
      return { ...toConsoleUserWire(user), sessions_revoked: sessionsRevoked };
    },
  }),
];
