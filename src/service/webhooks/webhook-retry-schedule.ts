/** docs/decisions.md: retries after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h; then the delivery is failed. */
export const webhookRetryDelaysMs = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000];

/** The delay before the next attempt after attempt number `attempt` failed; null when none is left. */
export function nextRetryDelay(schedule: readonly number[], attempt: number): number | null {
  return schedule[attempt - 1] ?? null;
}
