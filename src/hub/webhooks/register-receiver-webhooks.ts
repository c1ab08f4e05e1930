import type { ConversationClient } from '../client/index.js';

/** The receiver's two URLs, each carrying the secret token. */
export function receiverUrls(publicBaseUrl: string, token: string): { success_url: string; error_url: string } {
  const base = `${publicBaseUrl.replace(/\/+$/, '')}/webhooks/transcriptions`;
  const query = `?token=${encodeURIComponent(token)}`;
  return { success_url: `${base}/success${query}`, error_url: `${base}/error${query}` };
}

/**
 * Points a configuration's webhooks at this hub's receiver, through the client (update-configuration),
 * and answers the configuration as the upstream now has it. The update's answer shape is open in
 * the API description: when it does not carry the configuration, get-configuration is asked.
 */
export async function registerReceiverWebhooks(
  client: ConversationClient,
  configurationId: string,
  receiver: { publicBaseUrl: string; token: string },
) {
  const webhooks = receiverUrls(receiver.publicBaseUrl, receiver.token);
  const { configuration } = await client.updateConfiguration({ configuration_id: configurationId, webhooks });
  return configuration ?? (await client.getConfiguration({ configuration_id: configurationId })).configuration;
}
