/**
 * Generic cell rate algorithm (a token bucket kept as one timestamp) in one Redis script, so every
 * process sharing the Redis shares the bucket and decisions are atomic. Times come from Redis's
 * own clock (TIME), so processes with skewed clocks still agree.
 *
 * KEYS[1]  bucket key
 * ARGV[1]  emission interval, integer microseconds (60e6 / requests per minute)
 * ARGV[2]  burst: requests admitted at once from a full bucket (>= 1)
 * ARGV[3]  '0' = check: admit now or refuse; '1' = reserve: always take the next slot
 * returns  { admitted (0|1), remaining after this request, wait in microseconds }
 *
 * In any window of 60 s a bucket admits at most burst + requests-per-minute.
 */
export const gcraScript = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local interval = tonumber(ARGV[1])
local tolerance = interval * tonumber(ARGV[2])
local tat = tonumber(redis.call('GET', KEYS[1]))
if not tat or tat < now then tat = now end
local nextTat = tat + interval
local wait = nextTat - tolerance - now
if wait > 0 and ARGV[3] == '0' then
  return {0, 0, wait}
end
redis.call('SET', KEYS[1], string.format('%.0f', nextTat), 'PX', math.ceil((nextTat - now) / 1000) + 1000)
local remaining = math.floor((now + tolerance - nextTat) / interval)
if remaining < 0 then remaining = 0 end
if wait < 0 then wait = 0 end
return {1, remaining, wait}
`;
