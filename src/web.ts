/** Procfile `web`: HTTP only (the built-in API at /api, and the hub's endpoints). */
import { loadConfig } from './config.js';
import { stopOnSignals } from './lifecycle.js';
import { createRuntime } from './processes/runtime.js';
import { startWeb } from './processes/start-web.js';

const runtime = createRuntime(loadConfig(), 'web');
const web = await startWeb(runtime);
stopOnSignals(runtime.logger, [web.stop, runtime.close]);
