/**
 * `npm run cli -- api <operation> '<json>'`: any operation of the upstream, through the hub's
 * client; the analytics operations through the quota ledger like every other analytics call of
 * the hub (callAnyOperation), so a month the ledger has spent is refused here without a request.
 */
import type { Command } from 'commander';
import { AppError } from '../lib/errors/app-error.js';
import { clientMethods, operationAliases, operationTraits, type OperationAlias, type OperationName } from '../hub/client/index.js';
import { callAnyOperation, type AnyOperationContext } from '../hub/reports/quota/call-any-operation.js';
import { printLine, printTable } from './output.js';

const isOperation = (name: string): name is OperationName | OperationAlias => name in operationTraits || name in operationAliases;

function listOperations(): void {
  printTable(
    Object.entries(clientMethods).map(([method, operation]) => {
      const canonical = (operationAliases as Record<string, OperationName>)[operation] ?? (operation as OperationName);
      const traits: { limit: { perMinute: number; burst: number }; retrySafe: boolean; monthlyQuota?: number } = operationTraits[canonical];
      return {
        operation,
        method,
        'per minute': String(traits.limit.perMinute),
        burst: String(traits.limit.burst),
        'retried on 5xx/time-out': traits.retrySafe ? 'yes' : 'no',
        note: [canonical !== operation ? `alias of ${canonical}` : '', traits.monthlyQuota ? `quota ${traits.monthlyQuota}/month` : '']
          .filter(Boolean)
          .join('; '),
      };
    }),
  );
}

export function registerApiCommand(
  program: Command,
  openHub: () => Promise<AnyOperationContext>,
  explainNotFound: (error: unknown, ids: readonly string[]) => Promise<never>,
): void {
  program
    .command('api')
    .description("call an operation of the upstream API through the hub's client and print its data as JSON")
    .argument('[operation]', 'operation name, e.g. list-participants (see --list)')
    .argument('[json]', 'request body', '{}')
    .option('--list', 'list the operations with their limits and retry policy')
    .action(async (operation: string | undefined, json: string, options: { list?: boolean }) => {
      if (options.list || operation === undefined) {
        listOperations();
        return;
      }
      if (!isOperation(operation)) {
        throw new AppError('not_found', `Unknown operation "${operation}": see npm run cli -- api --list`);
      }
      let input: unknown;
      try {
        input = JSON.parse(json);
      } catch {
        throw new AppError('invalid_json', `Invalid JSON format: ${json}`);
      }
      const ids = Object.entries(input && typeof input === 'object' ? input : {})
        .filter(([field, value]) => field.endsWith('_id') && typeof value === 'string')
        .map(([, value]) => value as string);
      const data = await callAnyOperation(await openHub(), operation, input).catch((error: unknown) => explainNotFound(error, ids));
      printLine(JSON.stringify(data, null, 2));
    });
}
