import type { CallRecordings } from '../hub/console/pages/call/recording/call-recordings.js';
import { createRecordingProxy } from '../hub/console/pages/call/recording/recording-proxy.js';
import { resolveUpstreamApiKey, type UpstreamClientDeps } from './upstream-client.js';

/**
 * The console's player on the built-in service's recordings route (PUBLIC_BASE_URL/recordings,
 * src/service/recordings/recording-router.ts) with the key the hub's client uses, so the player
 * hears exactly the calls the hub's account can read. Undefined when the hub's upstream is
 * another deployment: the vendor's API serves no audio (docs/console.md, "The recording").
 */
export function createConsoleRecordings(deps: UpstreamClientDeps & { publicBaseUrl: string }): CallRecordings | undefined {
  if (!deps.config.upstream.isBuiltIn) return undefined;
  let key: Promise<string> | undefined;
  return createRecordingProxy({
    baseUrl: `${deps.publicBaseUrl}/recordings`,
    apiKey: () => {
      key ??= resolveUpstreamApiKey(deps).catch((error: unknown) => {
        key = undefined;
        throw error;
      });
      return key;
    },
    logger: deps.logger.child({ component: 'console-recordings' }),
  });
}
