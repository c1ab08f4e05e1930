import type { Redis } from '../../redis.js';

/**
 * At most N recordings of one account processed at once, across every worker: a sorted set of
 * leases per account (member = transcription id, score = lease expiry, Redis time). A worker that
 * dies leaves its lease to expire; a live one renews it while it works.
 */
const acquireScript = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZSCORE', KEYS[1], ARGV[1]) or redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[2]) then
  redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[1])
  redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3]))
  return 1
end
return 0
`;

export interface SlotLease {
  release(): Promise<void>;
}

export class AccountSlots {
  constructor(
    private readonly redis: Redis,
    private readonly options: { prefix: string; limit: number; leaseMs?: number },
  ) {}

  private get leaseMs() {
    return this.options.leaseMs ?? 120_000;
  }

  /** A lease on one of the account's slots, renewed until released; null when all are taken. */
  async acquire(accountId: string, transcriptionId: string): Promise<SlotLease | null> {
    const key = `${this.options.prefix}${accountId}`;
    const take = async () => (await this.redis.eval(acquireScript, 1, key, transcriptionId, this.options.limit, this.leaseMs)) === 1;
    if (!(await take())) return null;
    const renew = setInterval(() => void take().catch(() => undefined), this.leaseMs / 3);
    renew.unref();
    return {
      release: async () => {
        clearInterval(renew);
        await this.redis.zrem(key, transcriptionId);
      },
    };
  }
}
