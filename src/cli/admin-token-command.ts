/** `hub:admin-token`: where the admin API's bearer token is, and the token again (it is printed once, at the first start). */
import type { Command } from 'commander';
import type { Db } from '../db.js';
import { ensureAdminToken } from '../hub/admin/admin-token.js';
import { printLine } from './output.js';

export function registerAdminTokenCommand(program: Command, db: () => Db, configured: string | null): void {
  program
    .command('hub:admin-token')
    .description(
      "print the admin API's bearer token alone on the last line: ADMIN_TOKEN when set, else the one generated at the first start and kept in the database (hub_settings)",
    )
    .action(async () => {
      // The same function as the web process, so before a first start this generates the token the
      // service will then use rather than answering nothing.
      const { token, generated } = await ensureAdminToken(db(), configured);
      printLine(
        generated
          ? "the admin API's token, generated at the first start and kept in the database (hub_settings, key admin_token); set ADMIN_TOKEN to choose your own:"
          : "the admin API's token is ADMIN_TOKEN, from the environment (or .env):",
      );
      printLine(token);
    });
}
