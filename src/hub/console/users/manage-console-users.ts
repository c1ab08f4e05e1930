import type { Db } from '../../../db.js';
import { Prisma, type HubConsoleUser } from '../../../generated/prisma/client.js';
import { AppError } from '../../../lib/errors/app-error.js';
import { releaseOpenAssignments } from '../../review/assignment/release-assignments.js';
import { recordAudit, type Actor } from '../../review/audit-trail.js';
import { NewConsoleUser } from './console-user.js';
import { hashPassword } from './password-hash.js';

/** Creates a console user (CLI, admin API); the password is kept only as its argon2id hash. */
export async function createConsoleUser(db: Db, input: NewConsoleUser, actor: Actor): Promise<HubConsoleUser> {
  const parsed = NewConsoleUser.safeParse(input);
  if (!parsed.success) throw new AppError('invalid_value', parsed.error.issues.map((i) => i.message).join('; '));
  const { email, name, role, password, participantId } = parsed.data;
  const passwordHash = await hashPassword(password);
  try {
    return await db.$transaction(async (tx) => {
      const user = await tx.hubConsoleUser.create({ data: { email, name, role, passwordHash, participantId: participantId ?? null } });
      await recordAudit(tx, {
        kind: 'user_created',
        actor,
        after: { id: user.id, email, name, role, participant_id: participantId ?? null },
      });
      return user;
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002')
      throw new AppError('conflict', `A console user with email ${email} already exists`);
    throw error;
  }
}

export const listConsoleUsers = (db: Db): Promise<HubConsoleUser[]> => db.hubConsoleUser.findMany({ orderBy: { createdAt: 'asc' } });

/** A user by id or email. */
export async function findConsoleUser(db: Db, ref: string): Promise<HubConsoleUser> {
  const isId = /^[0-9a-f-]{36}$/i.test(ref);
  const user = await db.hubConsoleUser.findFirst({ where: isId ? { id: ref.toLowerCase() } : { email: ref.toLowerCase() } });
  if (!user) throw new AppError('not_found', `No console user ${ref}`);
  return user;
}

/**
 * Deactivates a user and deletes their sessions, so every browser they signed in from is signed
 * out at its next request (the session check also refuses inactive users). Their open calls go
 * back to the pool in the same transaction, and the assignment rule shares out those still
 * waiting (docs/console.md "Assignment"); run again on a user already inactive, it releases
 * what they still hold.
 */
export async function deactivateConsoleUser(
  db: Db,
  ref: string,
  actor: Actor,
  now: Date,
): Promise<{ user: HubConsoleUser; sessionsRevoked: number; callsReleased: number; callsReassigned: number }> {
  const found = await findConsoleUser(db, ref);
  return db.$transaction(
    async (tx) => {
      const user = found.isActive
        ? await tx.hubConsoleUser.update({ where: { id: found.id }, data: { isActive: false, deactivatedAt: now } })
        : found;
      const sessionsRevoked = await tx.$executeRaw`DELETE FROM hub_console_sessions WHERE sess->'user'->>'id' = ${user.id}`;
      const { released, reassigned } = await releaseOpenAssignments(tx, { userId: user.id, now });
      if (found.isActive || released > 0)
        await recordAudit(tx, {
          kind: 'user_deactivated',
          actor,
          before: { is_active: found.isActive },
          after: { id: user.id, email: user.email, is_active: false, calls_released: released, calls_reassigned: reassigned },
        });
      return { user, sessionsRevoked, callsReleased: released, callsReassigned: reassigned };
    },
    // Sharing out many released calls takes longer than the 5 s default.
    { timeout: 60_000 },
  );
}
