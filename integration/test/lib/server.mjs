// Starting and stopping the Go test server, and the per-codec loop every
// test file runs its suite in.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { after, before, describe } from 'node:test';

const moduleDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

// The codec name codec.Name() reports for each build tag.
export const codecNames = {
  none: 'encoding/json',
  go_json: 'go-json',
  sonic: 'sonic',
  jsoniter: 'jsoniter',
};

// preflight is the header a client sends with the requests a browser could
// send cross-site without a CORS preflight (GET, multipart uploads), so that
// the server's CSRFPrevention at /query lets them through.
export const preflight = { 'Apollo-Require-Preflight': 'true' };

// servers returns [tag, binary] pairs: GQL_SERVERS (set by scripts/run.mjs)
// is a JSON object of prebuilt binaries by tag; without it, one binary is
// built here for CODEC_TAG (default none), for running a file on its own,
// once however many suites the file declares.
let built;
function servers() {
  if (process.env.GQL_SERVERS) return Object.entries(JSON.parse(process.env.GQL_SERVERS));
  if (built) return built;
  const tag = process.env.CODEC_TAG || 'none';
  const dir = mkdtempSync(join(tmpdir(), 'integ-'));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  const bin = join(dir, 'server');
  execFileSync(process.env.GO || 'go', ['build', '-tags', tag === 'none' ? '' : tag, '-o', bin, './server'], {
    cwd: moduleDir,
    stdio: 'inherit',
  });
  built = [[tag, bin]];
  return built;
}

// startServer runs bin with args on a free loopback port and resolves once
// the server has printed its ready line.
export function startServer(bin, args = []) {
  return new Promise((resolve, reject) => {
    // stdin stays open for the server's lifetime: it ends when this process
    // does, however it ends, and the server then shuts down (-stdin-eof).
    const child = spawn(bin, ['-addr', '127.0.0.1:0', '-stdin-eof', ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const exited = new Promise((res) => child.once('exit', (code, signal) => res({ code, signal })));
    exited.then(({ code, signal }) => reject(new Error(`server exited (${code ?? signal}) before it was ready: ${stderr}`)));
    child.once('error', reject);
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => {
      const m = /^listening on (http:\/\/(\S+)\/query) \(codec: (.+)\)$/.exec(line);
      if (!m) {
        child.kill('SIGKILL');
        reject(new Error(`unexpected first line from server: ${line}`));
        return;
      }
      lines.close();
      child.stdout.resume();
      resolve({
        // url has CSRFPrevention on; unprotectedUrl is the same API, over
        // the same data, without it (upstream gqlgen's behaviour).
        url: m[1],
        unprotectedUrl: `http://${m[2]}/unprotected/query`,
        wsUrl: `ws://${m[2]}/query`,
        codec: m[3],
        stderr: () => stderr,
        async stop() {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          const { code, signal } = await exited;
          if (code !== 0 && signal !== 'SIGTERM') throw new Error(`server ended with ${code ?? signal}: ${stderr}`);
        },
      });
    });
  });
}

// forEachCodec declares, once per codec-tagged server binary, a describe
// block whose tests get a running server (started with the flags args)
// from ctx(), and the binary as body's third argument. Each block has its
// own server process, so state (added planets) does not leak between files.
export function forEachCodec(title, body, args = []) {
  for (const [tag, bin] of servers()) {
    describe(`${title} [${tag}]`, () => {
      let server;
      before(async () => {
        server = await startServer(bin, args);
      });
      after(async () => {
        await server?.stop();
      });
      body(() => server, tag, bin);
    });
  }
}
