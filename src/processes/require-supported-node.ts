/**
 * Imported first by each process entry (main, web, worker, clock): stops an older Node before the
 * other imports load native modules (argon2's prebuilt binary crashes Node 20 with a segmentation
 * fault instead of an error).
 */
import { unsupportedNodeMessage } from '../lib/config/supported-node.js';

const unsupported = unsupportedNodeMessage();
if (unsupported) {
  process.stderr.write(`${unsupported}\n`);
  process.exit(1);
}
