import type { Db } from '../../db.js';
import type { Configuration } from '../../generated/prisma/client.js';
import { AppError } from '../../lib/errors/app-error.js';

/** A configuration of this account; another account's id is indistinguishable from a missing one. */
export async function findConfiguration(db: Pick<Db, 'configuration'>, accountId: string, configurationId: string): Promise<Configuration> {
  const found = await db.configuration.findFirst({ where: { id: configurationId, accountId } });
  if (!found) throw new AppError('not_found', `Configuration not found: ${configurationId}`);
  return found;
}
