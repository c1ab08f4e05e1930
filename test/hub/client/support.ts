/** Shared by the client's tests: the built-in service on a real port, a wire recorder, seeds. */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import got, { type Got } from 'got';
import type { Harness } from '../../support/harness.js';

/** "Call 42", kept importable from here for the hub's tests. */
export { seedEvaluatedTranscription } from '../../support/seed.js';

/** Serves the harness's app (createApp) on an ephemeral port; baseUrl ends in /api. */
export async function serveBuiltIn(h: Harness): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const server = createServer(h.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface WireAnswer {
  operation: string;
  status: number;
  text: string;
}

/** A got that keeps every raw answer (each attempt's), for checks on what the service really sent. */
export function recordingGot(): { got: Got; answers: WireAnswer[] } {
  const answers: WireAnswer[] = [];
  return {
    answers,
    got: got.extend({
      hooks: {
        afterResponse: [
          (response) => {
            answers.push({ operation: response.url.split('/').at(-1) ?? '', status: response.statusCode, text: String(response.body) });
            return response;
          },
        ],
      },
    }),
  };
}

/** A unique Redis key prefix, so concurrent runs never share pacing buckets. */
export const testPacingPrefix = () => `convoqa:test:pace:${randomUUID()}:`;
