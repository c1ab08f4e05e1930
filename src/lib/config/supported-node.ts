/**
 * The Node versions convoqa runs on. `npm ci` installs Node 24 from the npm registry (the `node`
 * package in package.json) and every npm script, the Procfile's lines and `npm start`'s children
 * run on it; a process started by hand with an older `node` (Node 20 reached end of life in April
 * 2026) stops at boot with this message instead of running unsupported: checked first by each
 * process entry (require-supported-node.ts), by the CLI's launcher, and by loadConfig().
 */

/** The oldest major version convoqa runs on; package.json `engines.node` says the same. */
export const minimumNodeMajor = 24;

/** Why this Node cannot run convoqa, or undefined when it can. */
export function unsupportedNodeMessage(version: string = process.versions.node): string | undefined {
  const major = Number(version.replace(/^v/, '').split('.')[0]);
  if (major >= minimumNodeMajor) return undefined;
  return (
    `convoqa needs Node ${minimumNodeMajor} or later; this is Node ${version.replace(/^v/, '')}. ` +
    '`npm ci` installs Node 24 in node_modules/.bin/node: start convoqa through npm (`npm start`, `npm run web`) or the Procfile, or with that node'
  );
}
