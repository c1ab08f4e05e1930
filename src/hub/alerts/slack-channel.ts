import { z } from 'zod';

/** A Slack channel as an operator types it: an id (`C0123ABCD`) or a name (`#qa-alerts`, `qa-alerts`). */
export const SlackChannel = z
  .string({ error: 'channel must be a string' })
  .trim()
  .min(1, { error: 'channel cannot be empty' })
  .max(80, { error: 'channel is at most 80 characters' })
  .regex(/^#?[\p{Ll}\p{N}_.-]+$|^[A-Z0-9]{8,12}$/u, {
    error: 'channel must be a channel id (C0123ABCD) or a lower-case name (#qa-alerts)',
  });
