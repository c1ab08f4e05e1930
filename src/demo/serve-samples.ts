/**
 * `npm run sample:serve`: makes the sample calls (espeak-ng + sox) and serves them on loopback,
 * http://127.0.0.1:$SAMPLE_PORT/<name>.wav (default port 8765), until stopped (Ctrl-C).
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { sampleCalls, writeSampleCall } from './sample-calls.js';

const dir = path.resolve(process.env.DATA_DIR || './data', 'samples');
const port = Number(process.env.SAMPLE_PORT || 8765);

for (const [name, turns] of Object.entries(sampleCalls)) await writeSampleCall(dir, name, turns);

const server = createServer((req, res) => {
  const name = path.basename(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
  const file = path.join(dir, name);
  stat(file).then(
    (info) => {
      res.writeHead(200, { 'content-type': 'audio/wav', 'content-length': info.size });
      createReadStream(file).pipe(res);
    },
    () => {
      res.writeHead(404).end('not found');
    },
  );
});
server.listen(port, '127.0.0.1', () => {
  const names = Object.keys(sampleCalls).map((name) => `  http://127.0.0.1:${port}/${name}.wav`);
  process.stdout.write(`serving the sample calls (Ctrl-C to stop):\n${names.join('\n')}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
process.on('SIGINT', () => server.close(() => process.exit(0)));
