/**
 * A year of a 1,000-agent contact centre for test/bench/year-of-calls.bench.ts: 2,000,000
 * transcriptions of ONE account, one every 17 s over 13 months (395 days) up to an anchor (the
 * account's creation time), written in SQL (generate_series, INSERT … SELECT) in chunks of 50,000,
 * each its own transaction. A rerun skips the chunks already there and writes the calls missing
 * from the others (the retention purge of the previous run removes the oldest ones).
 *
 * The rows are stored as the real schema stores them: 2 % FAILED, the newest 20 IN_PROGRESS, the
 * others COMPLETED with a conversation (50 to 80 segments, about a 6-minute call), a summary,
 * extraction fields, an evaluation by one of two evaluators with 10 criterion results each
 * (reasoning and quote as an engine writes them); each finished call has its webhook delivery with
 * one attempt. The triggers are off while a chunk is written (session_replication_role = replica:
 * also no foreign-key checks); what they keep (failed_criteria_json, the criterion day and analytics hour tables,
 * svc_transcription_status_counts) is written by the same SQL they run, set-based, per chunk.
 */
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { createAccount } from '../../src/service/accounts/create-account.js';
import type { Db } from '../../src/db.js';
import { type CriterionSpec, seedEvaluator, seedParticipant } from '../support/analytics-seed.js';
import { criterionStatsTables } from '../support/criterion-stats-tables.js';
import { dialogues } from './dialogues.js';

/** BENCH_YEAR_CALLS: fewer for a quick trial (then BENCH_DATABASE_URL should name another database). */
export const yearCalls = Number(process.env.BENCH_YEAR_CALLS ?? 2_000_000);
export const yearDays = 395;
export const chunkCalls = Math.min(50_000, yearCalls);
/** Seconds between two calls' submissions. */
export const stepSeconds = (yearDays * 86_400) / yearCalls;
const accountName = 'year-of-calls';
const participants = 200; // the spec's limit per account

const criteriaOf = (prefix: string): CriterionSpec[] => [
  { name: `${prefix} greeting`, type: 'boolean', weight: 10 },
  { name: `${prefix} identification`, type: 'boolean', weight: 10 },
  { name: `${prefix} needs discovery`, type: 'scale', weight: 20 },
  { name: `${prefix} product knowledge`, type: 'scale', weight: 20 },
  { name: `${prefix} empathy`, type: 'scale', weight: 10 },
  { name: `${prefix} resolution`, type: 'scale', weight: 20 },
  { name: `${prefix} hold etiquette`, type: 'boolean', weight: 5 },
  { name: `${prefix} closing`, type: 'boolean', weight: 5 },
  { name: `${prefix} no promises`, type: 'strict', weight: 0 },
  { name: `${prefix} data protection`, type: 'strict', weight: 0 },
];

export interface YearOfCalls {
  accountId: string;
  anchor: Date;
  evaluatorIds: string[];
  /** Wall time of the seeding done in this run, and the chunks it wrote. */
  seedMs: number;
  chunksWritten: number;
}

const turns = dialogues.flat();
/** 256 conversations of 50 to 80 segments cut from the bench dialogues' turns, 2.5 s to 9 s each. */
function conversationPool(): string[] {
  const pool: string[] = [];
  for (let k = 0; k < 256; k += 1) {
    const segments = [];
    let at = 0;
    for (let i = 0; i < 50 + ((k * 7) % 31); i += 1) {
      const turn = turns[(k * 13 + i * 5) % turns.length];
      const length = 2.5 + ((k + i * 3) % 13) / 2;
      segments.push({ text: turn?.text ?? '', speaker: i % 2 ? 'SPEAKER_01' : 'SPEAKER_00', start: at, end: at + length });
      at += length + 0.4;
    }
    pool.push(JSON.stringify({ segments }));
  }
  return pool;
}

/** An engine's judgement of a criterion: about 150 characters of reasoning and a quoted turn. */
const reasonings = [
  'The agent handled this part of the call as the criterion asks, clearly and without prompting, and the customer acknowledged it before moving on.',
  'The agent only partly met this criterion: the step was attempted late in the call and the customer had to ask for it, which the guideline treats as missed.',
  'There is no evidence in the transcript that the agent did this; the conversation moved straight to the next topic and the customer did not raise it either.',
  'The agent met the criterion with a short, correct statement, confirmed the customer understood, and summarised the outcome before the call ended.',
];

async function ensureAccount(db: Db, raw: pg.Client) {
  const found = await raw.query<{ id: string; created_at: Date }>('SELECT id, created_at FROM svc_accounts WHERE name = $1', [accountName]);
  if (found.rows[0]) {
    const evaluators = await raw.query<{ id: string }>('SELECT id FROM svc_evaluators WHERE account_id = $1 ORDER BY tag', [
      found.rows[0].id,
    ]);
    return { accountId: found.rows[0].id, anchor: found.rows[0].created_at, evaluatorIds: evaluators.rows.map((r) => r.id) };
  }
  const account = await createAccount(db, accountName);
  const support = await seedEvaluator(db, account.id, 'A Support QA', criteriaOf('Support'));
  const sales = await seedEvaluator(db, account.id, 'B Sales QA', criteriaOf('Sales'));
  for (let i = 0; i < participants; i += 1) await seedParticipant(db, account.id, `agent-${String(i).padStart(4, '0')}`);
  const anchor = (await raw.query<{ created_at: Date }>('SELECT created_at FROM svc_accounts WHERE id = $1', [account.id])).rows[0]
    ?.created_at;
  return { accountId: account.id, anchor, evaluatorIds: [support.id, sales.id] };
}

/** Session-local tables and a function shared by a chunk's statements. */
async function prepareSession(raw: pg.Client, accountId: string) {
  await raw.query('DROP TABLE IF EXISTS pg_temp.seed_conversations, pg_temp.seed_criteria, pg_temp.seed_participants');
  await raw.query('CREATE TEMP TABLE seed_conversations (k int PRIMARY KEY, doc jsonb NOT NULL)');
  await raw.query('INSERT INTO seed_conversations SELECT ord - 1, doc::jsonb FROM unnest($1::text[]) WITH ORDINALITY AS u(doc, ord)', [
    conversationPool(),
  ]);
  await raw.query(
    `CREATE TEMP TABLE seed_criteria AS
     SELECT dense_rank() OVER (ORDER BY e.tag) - 1 AS ev, e.id AS evaluator_id, e.tag AS evaluator_tag,
            c.id, c.name, c.type::text AS type, c.weight, c.position
     FROM svc_evaluators e JOIN svc_criteria c ON c.evaluator_id = e.id WHERE e.account_id = $1`,
    [accountId],
  );
  await raw.query(
    `CREATE TEMP TABLE seed_participants AS
     SELECT (row_number() OVER (ORDER BY tag) - 1)::int AS k, id FROM svc_participants WHERE account_id = $1`,
    [accountId],
  );
  // A criterion's raw score for call g: pseudo-random, the same in every statement that asks.
  await raw.query(`
    CREATE OR REPLACE FUNCTION pg_temp.seed_raw(g int, pos int, type text) RETURNS float8 LANGUAGE sql IMMUTABLE AS $$
      SELECT CASE WHEN type = 'scale' THEN 1 + (abs(hashint4(g * 16 + pos)) % 5)
                  WHEN type = 'strict' THEN (abs(hashint4(g * 16 + pos)) % 100 >= 3)::int
                  ELSE (abs(hashint4(g * 16 + pos)) % 100 >= 15)::int END::float8
    $$`);
}

const statusOf = `CASE WHEN g <= 20 THEN 'IN_PROGRESS' WHEN abs(hashint4(g)) % 50 = 0 THEN 'FAILED' ELSE 'COMPLETED' END`;
const normalised = `CASE WHEN c.type = 'scale' THEN (pg_temp.seed_raw(s.g, c.position, c.type) - 1) / 4 ELSE pg_temp.seed_raw(s.g, c.position, c.type) END`;

/** Writes the calls first..last (1 = the newest) that are not there, with everything derived from them. */
async function writeChunk(raw: pg.Client, accountId: string, anchor: Date, first: number, last: number) {
  const values = [accountId, anchor.toISOString(), stepSeconds, first, last, reasonings];
  const missing = `
    SELECT g, md5('year-of-calls-' || g)::uuid AS id, ${statusOf} AS status, (g % 10 >= 7)::int AS ev,
           $2::timestamptz - make_interval(secs => g * $3::float8) AS submitted
    FROM generate_series($4::int, $5::int) AS g
    WHERE $1::uuid IS NOT NULL AND NOT EXISTS (SELECT 1 FROM svc_transcriptions x WHERE x.id = md5('year-of-calls-' || g)::uuid)`;
  await raw.query('BEGIN');
  await raw.query('SET LOCAL session_replication_role = replica');
  // The missing calls, chosen once: every statement below reads them (once the calls are written, none is missing).
  await raw.query(`CREATE TEMP TABLE seed_calls ON COMMIT DROP AS ${missing}`, values.slice(0, 5));
  const calls = `SELECT * FROM seed_calls WHERE $1::uuid IS NOT NULL AND $2::timestamptz IS NOT NULL AND $3::float8 IS NOT NULL
    AND $4::int IS NOT NULL AND $5::int IS NOT NULL`;
  // What the status-count triggers would have added.
  await raw.query(
    `INSERT INTO svc_transcription_status_counts AS c (account_id, status, count)
     SELECT $1::uuid, s.status::svc_transcription_status, count(*) FROM (${calls}) s GROUP BY 2 ORDER BY 2
     ON CONFLICT (account_id, status) DO UPDATE SET count = c.count + excluded.count`,
    values.slice(0, 5),
  );
  await raw.query(
    `INSERT INTO svc_transcriptions (id, account_id, configuration_id, configuration_tag, name, status, review_group, duration,
       participant_id, evaluator_id, source_url, recording_key, queued_at, processing_started_at, language, num_speakers,
       created_at, submitted_at, completed_at, updated_at, conversation, summary, fields, error_code, error_message,
       score, critical_fail, evaluation_status, evaluator_tag, evaluation_generated_at, evaluation_language,
       evaluation_feedback, failed_criteria_json)
     SELECT s.id, $1::uuid, md5('configuration-' || s.g % 3)::uuid, (ARRAY['Inbound support', 'Outbound sales', 'Retention'])[1 + s.g % 3],
            'call-' || to_char(s.submitted, 'YYYYMMDD-HH24MISS') || '-' || s.g,
            s.status::svc_transcription_status,
            (CASE WHEN s.g % 20 = 0 THEN 'PENDING_REVIEW' WHEN s.g % 20 = 1 THEN 'UNDER_REVIEW' WHEN s.g % 20 = 2 THEN 'ARCHIVED' END)::svc_review_group,
            60 + abs(hashint4(s.g + 7)) % 600, p.id, e.evaluator_id,
            'https://recordings.contact-centre.example/' || to_char(s.submitted, 'YYYY/MM/DD') || '/call-' || s.g || '.wav',
            $1::text || '/' || s.id || '.wav',
            s.submitted, s.submitted + interval '2 s', 'en', 2,
            s.submitted - interval '10 min', s.submitted,
            CASE WHEN s.status <> 'IN_PROGRESS' THEN s.submitted + interval '95 s' END, s.submitted + interval '95 s',
            CASE WHEN s.status = 'COMPLETED' THEN conv.doc END,
            CASE WHEN s.status = 'COMPLETED' THEN jsonb_build_object('language', 'en', 'text',
              'The customer called about ' || (ARRAY['a double charge', 'a dropped line', 'a password reset', 'a cancellation', 'a delivery address'])[1 + s.g % 5]
              || '. The agent verified the account, explained the cause and agreed the next step with a date. The customer accepted the outcome and the call ended politely.') END,
            CASE WHEN s.status = 'COMPLETED' THEN jsonb_build_object('fields', jsonb_build_array(
              jsonb_build_object('name', 'reason', 'value', (ARRAY['billing', 'technical', 'account', 'cancellation', 'delivery'])[1 + s.g % 5]),
              jsonb_build_object('name', 'resolved', 'value', s.g % 4 <> 0),
              jsonb_build_object('name', 'follow_up_date', 'value', to_char(s.submitted + interval '3 days', 'YYYY-MM-DD')))) END,
            CASE WHEN s.status = 'FAILED' THEN 'download_failed' END,
            CASE WHEN s.status = 'FAILED' THEN 'The recording could not be downloaded: the server answered 404.' END,
            CASE WHEN s.status = 'COMPLETED' THEN ev.score END,
            CASE WHEN s.status = 'COMPLETED' THEN ev.critical END,
            CASE WHEN s.status = 'COMPLETED' THEN 'COMPLETED' END,
            CASE WHEN s.status = 'COMPLETED' THEN e.evaluator_tag END,
            CASE WHEN s.status = 'COMPLETED' THEN s.submitted + interval '95 s' END,
            CASE WHEN s.status = 'COMPLETED' THEN 'en' END,
            CASE WHEN s.status = 'COMPLETED' THEN 'Good structure overall. Confirm the customer''s identity before discussing the account, and summarise the agreed next step with its date before closing.' END,
            CASE WHEN s.status = 'COMPLETED' THEN ev.failed ELSE '[]' END
     FROM (${calls}) s
     JOIN seed_participants p ON p.k = s.g % ${participants}
     JOIN seed_conversations conv ON conv.k = abs(hashint4(s.g + 3)) % 256
     JOIN LATERAL (SELECT DISTINCT evaluator_id, evaluator_tag FROM seed_criteria WHERE seed_criteria.ev = s.ev) e ON true
     CROSS JOIN LATERAL (
       SELECT round((100 * sum(n * c.weight) / nullif(sum(c.weight), 0))::numeric, 2)::float8 AS score,
              bool_or(c.type = 'strict' AND n < 0.5) AS critical,
              coalesce(array_to_json(array_agg(c.name ORDER BY c.position) FILTER (WHERE n < 0.5))::text, '[]') AS failed
       FROM seed_criteria c CROSS JOIN LATERAL (SELECT ${normalised} AS n) x WHERE c.ev = s.ev) ev`,
    values.slice(0, 5),
  );
  await raw.query(
    `INSERT INTO svc_criterion_results (transcription_id, criterion_id, position, name, type, max_weight, score_raw_ai,
       score_obtained, status, reasoning, quote, feedback)
     SELECT s.id, c.id, c.position, c.name, c.type::svc_criterion_type, c.weight, pg_temp.seed_raw(s.g, c.position, c.type),
            x.n * c.weight, (CASE WHEN x.n >= 0.5 THEN 'PASS' ELSE 'FAIL' END)::svc_criterion_result_status,
            ($6::text[])[1 + (s.g + c.position) % 4],
            conv.doc -> 'segments' -> (c.position * 3) ->> 'text',
            CASE WHEN x.n < 0.5 THEN 'Next time, make this step explicit early in the call and check the customer agrees.' END
     FROM (${calls}) s
     JOIN seed_conversations conv ON conv.k = abs(hashint4(s.g + 3)) % 256
     JOIN seed_criteria c ON c.ev = s.ev
     CROSS JOIN LATERAL (SELECT ${normalised} AS n) x
     WHERE s.status = 'COMPLETED'`,
    values,
  );
  // One webhook per finished call to the account's receiver, delivered at the first attempt.
  await raw.query(
    `INSERT INTO svc_webhook_deliveries (id, account_id, transcription_id, event_type, url, payload, status, attempt_count,
       last_status_code, created_at, delivered_at)
     SELECT md5('delivery-' || s.g)::uuid, $1::uuid, s.id, e.type, 'https://qa-hub.contact-centre.example/webhooks/transcriptions',
            json_build_object('type', e.type, 'timestamp', s.submitted + interval '95 s',
              'data', json_build_object('transcription_id', s.id, 'status', s.status, 'configuration_id', md5('configuration-' || s.g % 3)::uuid,
                'name', 'call-' || to_char(s.submitted, 'YYYYMMDD-HH24MISS') || '-' || s.g,
                'error', CASE WHEN s.status = 'FAILED' THEN json_build_object('code', 'download_failed',
                  'message', 'The recording could not be downloaded: the server answered 404.') END))::text,
            'delivered', 1, 200, s.submitted + interval '95 s', s.submitted + interval '96 s'
     FROM (${calls}) s CROSS JOIN LATERAL (SELECT 'transcription.' || lower(s.status) AS type) e
     WHERE s.status <> 'IN_PROGRESS'`,
    values.slice(0, 5),
  );
  await raw.query(
    `INSERT INTO svc_webhook_attempts (id, delivery_id, number, started_at, duration_ms, status_code, response_excerpt)
     SELECT md5('attempt-' || s.g)::uuid, md5('delivery-' || s.g)::uuid, 1, s.submitted + interval '95 s', 40 + s.g % 200, 200, '{"received":true}'
     FROM (${calls}) s WHERE s.status <> 'IN_PROGRESS'`,
    values.slice(0, 5),
  );
  // What the day and hour tables' triggers would have added for these calls.
  for (const { table, bucket, bucketOf } of criterionStatsTables) {
    await raw.query(
      `INSERT INTO ${table} AS d (account_id, evaluator_id, criterion_id, ${bucket}, evaluated, failed, raw_sum)
       SELECT t.account_id, t.evaluator_id, r.criterion_id, ${bucketOf('t.created_at')},
              count(*), count(*) FILTER (WHERE r.status = 'FAIL'), sum(r.score_raw_ai)
       FROM (${calls}) s JOIN svc_transcriptions t ON t.id = s.id JOIN svc_criterion_results r ON r.transcription_id = t.id
       WHERE t.status = 'COMPLETED' AND t.score IS NOT NULL AND t.evaluator_id IS NOT NULL
       GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
       ON CONFLICT (account_id, evaluator_id, criterion_id, ${bucket}) DO UPDATE
         SET evaluated = d.evaluated + excluded.evaluated, failed = d.failed + excluded.failed, raw_sum = d.raw_sum + excluded.raw_sum`,
      values.slice(0, 5),
    );
  }
  await raw.query(
    `INSERT INTO svc_evaluator_hour_stats AS d (account_id, evaluator_id, hour, calls, score_sum, passed)
     SELECT t.account_id, t.evaluator_id, date_trunc('hour', t.created_at, 'UTC'), count(*), sum(t.score),
            count(*) FILTER (WHERE t.score >= 50 AND NOT coalesce(t.critical_fail, false))
     FROM (${calls}) s JOIN svc_transcriptions t ON t.id = s.id
     WHERE t.status = 'COMPLETED' AND t.score IS NOT NULL AND t.evaluator_id IS NOT NULL
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
     ON CONFLICT (account_id, evaluator_id, hour) DO UPDATE
       SET calls = d.calls + excluded.calls, score_sum = d.score_sum + excluded.score_sum, passed = d.passed + excluded.passed`,
    values.slice(0, 5),
  );
  await raw.query('COMMIT');
}

/** Seeds what is missing of the year and returns where it is. `progress` gets one line per chunk written. */
export async function seedYearOfCalls(db: Db, raw: pg.Client, progress: (line: string) => void): Promise<YearOfCalls> {
  const started = performance.now();
  const { accountId, anchor, evaluatorIds } = await ensureAccount(db, raw);
  let chunksWritten = 0;
  let prepared = false;
  for (let first = 1; first <= yearCalls; first += chunkCalls) {
    const last = Math.min(yearCalls, first + chunkCalls - 1);
    const newest = new Date(anchor.getTime() - first * stepSeconds * 1000);
    const oldest = new Date(anchor.getTime() - last * stepSeconds * 1000);
    const present = Number(
      (
        await raw.query<{ n: string }>('SELECT count(*) AS n FROM svc_transcriptions WHERE submitted_at BETWEEN $1 AND $2', [
          oldest,
          newest,
        ])
      ).rows[0]?.n,
    );
    if (present === last - first + 1) continue;
    if (!prepared) await prepareSession(raw, accountId);
    prepared = true;
    const chunkStart = performance.now();
    await writeChunk(raw, accountId, anchor, first, last);
    chunksWritten += 1;
    progress(`  calls ${first}–${last} written in ${((performance.now() - chunkStart) / 1000).toFixed(1)} s`);
  }
  return { accountId, anchor, evaluatorIds, seedMs: performance.now() - started, chunksWritten };
}
