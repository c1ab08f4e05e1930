import type { ConsoleRole } from '../../users/console-user.js';
import { mayOperate } from '../../users/console-user.js';

// A query parameter whose value is a credential: the hub's receiver URL carries `?token=`.
const secretParam = /([?&][^=&#]*(?:token|secret|key|signature|sig)[^=&#]*=)([^&#]*)/gi;

/**
 * A webhook URL as a console user may see it: whole for an admin (who sets webhook URLs up and
 * rotates secrets), with every credential query value cut to its last 4 characters for every
 * other role, so a viewer's page never holds a token that would let it post to the receiver.
 */
export function displayUrl(url: string, role: ConsoleRole | undefined): string {
  if (mayOperate(role)) return url;
  return url.replace(
    secretParam,
    (_match, name: string, value: string) => `${name}${value.length > 8 ? `…${value.slice(-4)}` : value ? '…' : ''}`,
  );
}
