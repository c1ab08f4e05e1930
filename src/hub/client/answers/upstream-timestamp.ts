/**
 * A timestamp as the hub reads it from any deployment (docs/hub-client.md, "Reading answers"):
 * the description promises "ISO 8601 strings with a UTC offset", and ISO 8601 writes the offset
 * as `Z`, `+hh:mm`, `+hhmm` or `+hh`, with or without seconds and a fraction. Every such form is
 * read. The RFC 3339 form (`2026-02-03T14:30:00+00:00`, seconds and a colon in the offset), which
 * `new Date()` reads everywhere, is kept as sent; any other form is rewritten as its canonical UTC
 * instant (`2026-02-03T14:30:00.000Z`), so the hub's code can always hand it to `new Date()`.
 * The built-in service's own, stricter `Timestamp` (src/contract/common.ts) stays for what it emits.
 */
import { z } from 'zod';

/** Date, `T`, hour:minute, optional seconds with an optional fraction (`.` or `,`), then the offset. */
const dateTimeWithOffset = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(Z|[+-]\d{2}(?::?\d{2})?)$/i;

/** The form kept as sent: what `new Date()` reads in every engine. */
const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;

/** The canonical UTC form of an ISO 8601 date-time with an offset, or null when it is not one. */
export function canonicalInstant(value: string): string | null {
  const match = dateTimeWithOffset.exec(value.trim());
  if (!match) return null;
  const [, date, hour, minute, second = '00', fraction = '', zone = 'Z'] = match;
  const digits = zone.replace(':', '');
  const offset = zone.toUpperCase() === 'Z' ? 'Z' : `${digits.slice(0, 3)}:${digits.slice(3) || '00'}`;
  const millis = fraction ? `.${fraction.slice(0, 3).padEnd(3, '0')}` : '';
  const instant = new Date(`${date}T${hour}:${minute}:${second}${millis}${offset}`);
  // The date's own members must survive (Date rolls 2026-02-30 over to March).
  if (Number.isNaN(instant.getTime()) || Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) return null;
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) return null;
  return instant.toISOString();
}

/** A promised timestamp: any ISO 8601 date-time with a UTC offset; kept when RFC 3339, else its canonical UTC instant. */
export const UpstreamTimestamp = z.string().transform((value, ctx) => {
  const instant = canonicalInstant(value);
  if (instant === null) {
    ctx.addIssue({ code: 'custom', message: 'expected an ISO 8601 date-time with a UTC offset' });
    return z.NEVER;
  }
  return rfc3339.test(value) ? value : instant;
});
