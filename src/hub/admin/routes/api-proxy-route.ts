import { z } from 'zod';
import { operationAliases, operationNames, type OperationAlias, type OperationName } from '../../../contract/operations.js';
import { defineAdminRoute } from '../admin-route.js';
import { upstreamErrorCodes, viaUpstream } from '../upstream-errors.js';

const operations = [...operationNames, ...(Object.keys(operationAliases) as OperationAlias[])] as [OperationName | OperationAlias, ...(OperationName | OperationAlias)[]];

export const apiProxyRoutes = [
  defineAdminRoute({
    method: 'post',
    path: '/api/:operation',
    errors: upstreamErrorCodes,
    summary: 'Call any operation of the upstream API through the hub\'s client (paced, retried, validated)',
    tag: 'api',
    params: z.object({ operation: z.enum(operations, { error: `expected one of ${operations.join(', ')}` }) }),
    body: z.record(z.string(), z.unknown()),
    response: z.unknown(),
    async handle({ params, body }, ctx) {
      const client = await ctx.upstream();
      return viaUpstream(() => client.call(params.operation, body as never));
    },
  }),
];
