/**
 * Real HTTP servers that are not our Node code, on loopback, for the download matrix:
 * `python3 -m http.server` (HTTP/1.0: it closes the connection after each body) and
 * servers/odd_http_server.py (chunked, trickling, cut, gzip, wrong Content-Length, redirects).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export interface PythonServer {
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  close(): Promise<void>;
}

const oddServerScript = path.join(path.dirname(fileURLToPath(import.meta.url)), 'servers', 'odd_http_server.py');

/** `python3 -m http.server` serving `folder`. */
export function startPythonHttpServer(folder: string): Promise<PythonServer> {
  return start(['-u', '-m', 'http.server', '0', '--bind', '127.0.0.1', '--directory', folder], /port (\d+)/);
}

/** servers/odd_http_server.py serving `folder` (its modes are in the script's header). */
export function startOddHttpServer(folder: string): Promise<PythonServer> {
  return start(['-u', oddServerScript, folder], /^port (\d+)/);
}

function start(args: string[], portLine: RegExp): Promise<PythonServer> {
  const child: ChildProcess = spawn('python3', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`python3 ${args.join(' ')} did not start`)), 10_000);
    child.once('error', reject);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const port = portLine.exec(line)?.[1];
      if (!port) return;
      clearTimeout(timer);
      resolve({
        baseUrl: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}
