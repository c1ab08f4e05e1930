/**
 * The rate limit (GCRA, as gcra.lua.ts, check mode) and a counted quota in one Redis script: one
 * round trip decides both, atomically, for every process sharing the Redis.
 *
 * KEYS[1]  bucket key
 * KEYS[2]  quota counter key (one per account, operation and period)
 * ARGV[1]  emission interval, integer microseconds
 * ARGV[2]  burst (>= 1)
 * ARGV[3]  quota limit
 * ARGV[4]  counter time-to-live, seconds (past the period's end)
 * ARGV[5]  seed: the count to start from when the counter is missing ('' = none given)
 * returns  { status, remaining, wait in microseconds, quota used }
 *   status 1 admitted (the counter now includes this call), 0 refused by the rate limit (nothing
 *   counted), 2 refused by the quota (the rate limit's slot is taken, as for any request it
 *   admitted), 3 the counter is missing and no seed was given: nothing changed, call again with
 *   the durable count as the seed.
 */
export const gcraWithQuotaScript = `
local used = redis.call('GET', KEYS[2])
if not used then
  if ARGV[5] == '' then return {3, 0, 0, 0} end
  used = ARGV[5]
  redis.call('SET', KEYS[2], used, 'EX', ARGV[4])
end
used = tonumber(used)
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local interval = tonumber(ARGV[1])
local tolerance = interval * tonumber(ARGV[2])
local tat = tonumber(redis.call('GET', KEYS[1]))
if not tat or tat < now then tat = now end
local nextTat = tat + interval
local wait = nextTat - tolerance - now
if wait > 0 then
  return {0, 0, wait, used}
end
redis.call('SET', KEYS[1], string.format('%.0f', nextTat), 'PX', math.ceil((nextTat - now) / 1000) + 1000)
local remaining = math.floor((now + tolerance - nextTat) / interval)
if remaining < 0 then remaining = 0 end
if used >= tonumber(ARGV[3]) then
  return {2, remaining, 0, used}
end
used = redis.call('INCR', KEYS[2])
return {1, remaining, 0, used}
`;
