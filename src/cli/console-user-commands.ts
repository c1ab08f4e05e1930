import { randomBytes } from 'node:crypto';
import type { Command } from 'commander';
import type { Db } from '../db.js';
import { ConsoleRole, consoleRoles } from '../hub/console/users/console-user.js';
import { createConsoleUser, deactivateConsoleUser, listConsoleUsers } from '../hub/console/users/manage-console-users.js';
import { AppError } from '../lib/errors/app-error.js';
import { printLine, printListing, printSecretOnce } from './output.js';

const cliActor = { kind: 'cli' } as const;

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

export function registerConsoleUserCommands(program: Command, db: () => Db): void {
  program
    .command('console:users:create')
    .description('create a console user; without --password-stdin a password is generated and printed alone on the last line')
    .argument('<email>')
    .requiredOption('--name <name>', 'name shown in the console and the audit trail')
    .option(
      '--role <role>',
      "admin (reviews and integration changes), lead (reviews), viewer (read only) or agent (one participant's calls)",
      'lead',
    )
    .option('--participant <id>', 'for an agent: the participant id whose calls they see')
    .option('--password-stdin', 'read the password from standard input')
    .action(async (email: string, options: { name: string; role: string; participant?: string; passwordStdin?: boolean }) => {
      const role = ConsoleRole.safeParse(options.role);
      if (!role.success) throw new AppError('invalid_value', `--role must be ${consoleRoles.join(', ')}, not ${options.role}`);
      const password = options.passwordStdin ? await readStdin() : randomBytes(15).toString('base64url');
      const user = await createConsoleUser(
        db(),
        { email, name: options.name, role: role.data, password, participantId: options.participant },
        cliActor,
      );
      printLine(`console user ${user.id} ${user.email} (${user.role})`);
      if (!options.passwordStdin) {
        printSecretOnce('password', password);
      }
    });

  program
    .command('console:users:list')
    .description('list console users')
    .action(async () => {
      const users = await listConsoleUsers(db());
      printListing(
        users.map((u) => ({
          id: u.id,
          email: u.email,
          name: u.name,
          role: u.role,
          active: u.isActive ? 'yes' : 'no',
          last_sign_in: u.lastSignInAt?.toISOString() ?? '',
        })),
        'no console users',
      );
    });

  program
    .command('console:users:deactivate')
    .description('deactivate a console user (id or email) and sign them out everywhere')
    .argument('<user>')
    .action(async (ref: string) => {
      const { user, sessionsRevoked, callsReleased, callsReassigned } = await deactivateConsoleUser(db(), ref, cliActor, new Date());
      printLine(
        `console user ${user.email} deactivated; ${sessionsRevoked} session(s) revoked; ${callsReleased} open call(s) back to the pool, ${callsReassigned} reassigned by the rule`,
      );
    });
}
