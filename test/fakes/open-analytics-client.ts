/**
 * The hub's client against a fake upstream, handing the analytics answers' `data` over as
 * received, every member kept, as docs/hub-client.md describes the open reading of the answers
 * whose shape the vendor does not show. It stands in for the client's own reading of analytics
 * answers until that change reaches this branch; every other operation is the client's own.
 */
import { createConversationClient, UpstreamError, type ConversationClient } from '../../src/hub/client/index.js';
import type { FakeUpstream } from './fake-upstream.js';

export function openAnalyticsClient(fake: FakeUpstream): ConversationClient {
  const client = createConversationClient({ baseUrl: fake.baseUrl, apiKey: fake.apiKey, pacer: { reserve: () => Promise.resolve(0) }, backoffBaseMs: 1 });
  const call = client.call.bind(client) as (operation: string, input?: unknown) => Promise<unknown>;
  const open = async (operation: string, input?: unknown): Promise<unknown> => {
    if (!operation.startsWith('analytics')) return call(operation, input);
    const response = await fetch(`${fake.baseUrl}/${operation}`, {
      method: 'POST',
      headers: { 'x-api-key': fake.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify(input ?? {}),
    });
    const body = (await response.json()) as { data?: unknown; error?: { code?: string; message?: string } };
    if (!response.ok) {
      throw new UpstreamError({
        kind: response.status === 429 ? 'quota_exceeded' : 'http',
        operation: operation as never,
        status: response.status,
        code: body.error?.code ?? `http_${response.status}`,
        message: body.error?.message ?? '',
        requestId: response.headers.get('x-request-id'),
        attempts: 1,
      });
    }
    return body.data;
  };
  return Object.assign(client, { call: open });
}
