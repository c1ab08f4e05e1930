import { z } from 'zod';
import { operationAliases, operationNames, type OperationAlias, type OperationName } from '../../../contract/operations.js';
import { callAnyOperation } from '../../reports/quota/call-any-operation.js';
import { defineAdminRoute } from '../admin-route.js';
import { upstreamErrorCodes, viaUpstream } from '../../client/upstream-errors.js';

const operations = [...operationNames, ...(Object.keys(operationAliases) as OperationAlias[])] as [
  OperationName | OperationAlias,
  ...(OperationName | OperationAlias)[],
];

export const apiProxyRoutes = [
  defineAdminRoute({
    method: 'post',
    path: '/api/:operation',
    errors: upstreamErrorCodes,
    summary:
      "Call any operation of the upstream API through the hub's client (paced, retried, validated; analytics through the quota ledger)",
    tag: 'api',
    params: z.object({ operation: z.enum(operations, { error: `expected one of ${operations.join(', ')}` }) }),
    body: z.record(z.string(), z.unknown()),
    response: z.unknown(),
    // The analytics operations spend monthly quota: they go through the ledger, which refuses a
    // spent month with 429 quota_exceeded and Retry-After, nothing sent (docs/reports.md, "Quota ledger").
    handle: ({ params, body }, ctx) => viaUpstream(() => callAnyOperation(ctx, params.operation, body)),
  }),
];
