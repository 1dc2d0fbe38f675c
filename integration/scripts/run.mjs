// Builds the Go test server once per codec build tag (CODEC_TAGS, space
// separated, "none" for no tag), then runs every test file against every
// binary with Node's built-in test runner. Exit status is the runner's.
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
  const run = spawnSync(process.execPath, ['--test', '--test-reporter=spec', '--test-timeout=30000', ...files], {
    cwd: moduleDir,
    stdio: 'inherit',
    env: { ...process.env, GQL_SERVERS: JSON.stringify(servers) },
  });
  status = run.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(status);
