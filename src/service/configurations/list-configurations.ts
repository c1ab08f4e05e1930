import { defineOperation } from '../http/operation.js';
import { toConfigurationWire } from './configuration-wire.js';

/** Newest first, like list-evaluators (the spec fixes that order only there). */
export const listConfigurations = defineOperation('list-configurations', async (_input, { accountId, deps }) => {
  const rows = await deps.db.configuration.findMany({
    where: { accountId },
    orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
  });
  return { total_configurations: rows.length, configurations: rows.map(toConfigurationWire) };
});
