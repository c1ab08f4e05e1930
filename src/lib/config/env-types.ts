/**
 * zod types for environment variables, shared by every domain's settings schema. Values arrive as
 * strings; an empty variable was already dropped by config.ts (it means "not set").
 */
import path from 'node:path';
import cron from 'node-cron';
import { z } from 'zod';
import { projectRoot } from './project-root.js';

/** A whole number parsed from the variable's text, within bounds. */
export const wholeNumber = (options: { min?: number; max?: number } = {}) =>
  z.coerce
    .number()
    .int()
    .min(options.min ?? Number.MIN_SAFE_INTEGER)
    .max(options.max ?? Number.MAX_SAFE_INTEGER);

/** A flag: true/false, 1/0, yes/no, on/off (never z.coerce.boolean, which reads "false" as true). */
export const flag = () => z.stringbool();

/**
 * A folder, made absolute once at boot: a relative value is taken from the project root (as
 * ENGINE_LOCAL_SPEECH_MODEL_DIR is), not from the working directory, so a web and a worker started
 * from different folders still share one DATA_DIR. The default is `inProject` under the root.
 */
export const folderPath = (inProject: string) =>
  z
    .string()
    .min(1)
    .transform((value) => path.resolve(projectRoot, value))
    .default(path.join(projectRoot, inProject));

export const httpUrl = () => z.url({ protocol: /^https?$/ });

/** A node-cron expression: five fields, or six with seconds. */
export const cronExpression = () =>
  z
    .string()
    .trim()
    .refine((value) => cron.validate(value), {
      error: 'expected a cron expression such as "*/5 * * * *" (five fields, or six with seconds)',
    });

export const timeZone = () => z.string().refine(isTimeZone, { error: 'expected an IANA time zone such as Europe/Madrid' });

/** Comma-separated values, trimmed, empty ones dropped. */
export const commaList = () =>
  z.string().transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );

/** A JSON text, parsed; the schema after it checks the value. */
export const jsonText = (expected: string) =>
  z.string().transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: `expected ${expected}` });
      return z.NEVER;
    }
  });

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
