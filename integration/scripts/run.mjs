// Builds the Go test server once per codec build tag (CODEC_TAGS, space
// separated, "none" for no tag), then runs every test file against every
// binary with Node's built-in test runner: the browser tests last, in a
// run of their own. Exit status is the first failing run's.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const moduleDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const tags = (process.env.CODEC_TAGS || 'none go_json sonic jsoniter').split(/\s+/).filter(Boolean);
const dir = mkdtempSync(join(tmpdir(), 'integ-'));

let status = 1;
try {
  const servers = {};
  for (const tag of tags) {
    const bin = join(dir, `server-${tag}`);
    const started = Date.now();
    execFileSync(process.env.GO || 'go', ['build', '-tags', tag === 'none' ? '' : tag, '-o', bin, './server'], {
      cwd: moduleDir,
      stdio: 'inherit',
    });
    console.log(`built server with tags '${tag}' in ${((Date.now() - started) / 1000).toFixed(1)}s`);
    servers[tag] = bin;
  }
  const files = readdirSync(join(moduleDir, 'test'))
    .filter((f) => f.endsWith('.test.mjs'))
    .sort()
    .map((f) => join('test', f));
  const env = { ...process.env, GQL_SERVERS: JSON.stringify(servers) };
  const runFiles = (list, timeout) =>
    spawnSync(process.execPath, ['--test', '--test-reporter=spec', `--test-timeout=${timeout}`, ...list], {
      cwd: moduleDir,
      stdio: 'inherit',
      env,
    }).status ?? 1;
  // Browser tests (*.browser.test.mjs) drive one Chromium through every
  // codec's server, so their file takes longer than the 30 s each other
  // file gets; each of their tests carries its own bound.
  const browserFiles = files.filter((f) => f.endsWith('.browser.test.mjs'));
  const otherFiles = files.filter((f) => !browserFiles.includes(f));
  status = runFiles(otherFiles, 30000);
  if (browserFiles.length > 0) {
    const browserStatus = runFiles(browserFiles, 60000 * tags.length + 30000);
    if (status === 0) status = browserStatus;
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(status);
