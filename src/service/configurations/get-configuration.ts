import { defineOperation } from '../http/operation.js';
import { toConfigurationWire } from './configuration-wire.js';
import { findConfiguration } from './find-configuration.js';

export const getConfiguration = defineOperation('get-configuration', async (input, { accountId, deps }) => {
  const row = await findConfiguration(deps.db, accountId, input.configuration_id);
  return { configuration: toConfigurationWire(row) };
});
