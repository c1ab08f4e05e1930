/** The sample calls the web process serves at /samples/<name>.wav (SAMPLES_*). */
import { z } from 'zod';
import { flag } from '../lib/config/env-types.js';

export const SamplesSettings = z
  .object({
    /**
     * Serve the sample calls (espeak-ng + sox, made on first request) at /samples/<name>.wav, so
     * first calls and `npm run demo` have a recording on the service's own address.
     */
    SAMPLES_ENABLED: flag().default(true),
  })
  .transform((env) => ({ enabled: env.SAMPLES_ENABLED }));
export type SamplesSettings = z.infer<typeof SamplesSettings>;
