/** Procfile `web`: HTTP only (the built-in API at /api unless hub-only, and the hub's endpoints), composed in src/processes/web/. */
import './processes/require-supported-node.js';
import { runWebProcess } from './processes/web/web-process.js';

await runWebProcess();
