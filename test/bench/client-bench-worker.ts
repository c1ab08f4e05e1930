/**
 * One hub process of the client bench (see client.bench.ts): waits for the common start time,
 * makes BENCH_CALLS get-transcription calls through the client with BENCH_CONCURRENCY in flight,
 * sharing the pacing buckets through Redis, and prints one JSON line with what it saw.
 */
import got from 'got';
import { createConversationClient, UpstreamError } from '../../src/hub/client/index.js';
import { createRedis } from '../../src/redis.js';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const calls = Number(env('BENCH_CALLS'));
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 4);
const redis = createRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { name: 'convoqa-bench' });
const statuses = new Map<number, number>();
const client = createConversationClient({
  baseUrl: env('BENCH_BASE_URL'),
  apiKey: env('BENCH_API_KEY'),
  redis,
  pacingPrefix: env('BENCH_PACING_PREFIX'),
  rateLimitScale: Number(env('RATE_LIMIT_SCALE')),
  // Counts every answer on the wire, 429s included (the client would otherwise retry them quietly).
  got: got.extend({
    hooks: {
      afterResponse: [
        (response) => {
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          return response;
        },
      ],
    },
  }),
});

const transcriptionId = env('BENCH_TRANSCRIPTION_ID');
const startAt = Number(env('BENCH_START_AT'));
await new Promise((resolve) => setTimeout(resolve, Math.max(0, startAt - Date.now())));

let next = 0;
let failures = 0;
const startedAt = Date.now();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < calls) {
      next += 1;
      try {
        await client.getTranscription({ transcription_id: transcriptionId });
      } catch (error) {
        if (!(error instanceof UpstreamError)) throw error;
        failures += 1;
      }
    }
  }),
);
const endedAt = Date.now();
redis.disconnect();
process.stdout.write(`${JSON.stringify({ calls, failures, startedAt, endedAt, statuses: Object.fromEntries(statuses) })}\n`);
