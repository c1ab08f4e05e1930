/**
 * The web process's optional surfaces (docs/processes.md, "Optional surfaces"): each is mounted
 * only when its settings enable it. The sample calls at /samples need the built-in service (they
 * are recordings for it to download) and SAMPLES_ENABLED, on by default, so `npm start`'s
 * embedded mode serves them for the README's first calls and `npm run demo`.
 */
import path from 'node:path';
import type { OptionalSurface } from '../../app.js';
import type { AppConfig } from '../../config.js';
import { SampleStore } from '../../samples/sample-store.js';
import { createSamplesRouter } from '../../samples/samples-router.js';

export function optionalSurfaces(config: Pick<AppConfig, 'halves' | 'samples' | 'service'>): OptionalSurface[] {
  const surfaces: OptionalSurface[] = [];
  if (config.halves.builtInService && config.samples.enabled) {
    surfaces.push({ path: '/samples', router: createSamplesRouter(new SampleStore(path.resolve(config.service.dataDir, 'samples'))) });
  }
  return surfaces;
}
