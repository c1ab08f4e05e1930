import { defineOperation } from '../http/operation.js';
import { orNotFound } from '../not-found.js';

/** Transcriptions keep their configuration_id and configuration_tag (docs/decisions.md). */
export const deleteConfiguration = defineOperation('delete-configuration', async (input, { accountId, deps }) => {
  await orNotFound(
    deps.db.configuration.delete({ where: { id: input.configuration_id, accountId } }),
    `Configuration not found: ${input.configuration_id}`,
  );
  return { message: 'Configuration deleted successfully' };
});
