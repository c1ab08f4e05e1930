/** Resource timestamps: ISO 8601 with an explicit UTC offset, e.g. 2026-11-21T06:12:00.123+00:00. */
export function formatTimestamp(date: Date): string {
  return date.toISOString().replace('Z', '+00:00');
}

export function formatNullableTimestamp(date: Date | null): string | null {
  return date ? formatTimestamp(date) : null;
}
