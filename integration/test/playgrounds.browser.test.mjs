// The playground pages in a real browser (headless Chromium from the
// @sparticuz/chromium npm package), with every request to a host other
// than the test server aborted: GraphiQL and Altair must work from the
// assets the server serves itself (contrib/playgroundassets). Apollo
// Sandbox cannot work offline (its IDE is an iframe served by Apollo); its
// test checks the page and what it hands the sandbox. See PLAYGROUNDS.md.
//
// One Chromium serves every codec's server. Each codec gets its own browser
// context (fresh storage), in which each IDE is loaded once and then used
// by its tests in order, as a user would. Without a browser the tests are
// skipped with a message, and fail under CI=true.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import { clickButton, openPage, typeInto, useBrowser, waitForText, waitUntil } from './lib/browser.mjs';
import { forEachCodec } from './lib/server.mjs';

// Screenshots go to PLAYGROUND_SCREENSHOTS when it is set (and stay),
// otherwise to a temporary directory removed at the end.
const keepShots = process.env.PLAYGROUND_SCREENSHOTS;
const shots = keepShots || mkdtempSync(join(tmpdir(), 'playground-shots-'));
mkdirSync(shots, { recursive: true });

const { browser, browserTest } = useBrowser('playground browser tests');
after(() => {
  if (!keepShots) rmSync(shots, { recursive: true, force: true });
});

// graphiqlResult reads the JSON GraphiQL's result pane (CodeMirror 5) shows.
function graphiqlResult(page) {
  return page.$eval('.graphiql-response .CodeMirror', (el) => JSON.parse(el.CodeMirror.getValue()));
}

// dataPayloads are the payloads of the data messages among raw frames, for
// both websocket protocols ("next", and "data" in the legacy one).
function dataPayloads(frames) {
  return frames
    .map((f) => JSON.parse(f))
    .filter((m) => m.type === 'next' || m.type === 'data')
    .map((m) => m.payload);
}

// isEnd says whether a frame ends an operation in either protocol.
const isEnd = (f) => JSON.parse(f).type === 'complete';

// assertOffline checks that the page loaded nothing from another host and
// took its scripts and styles from the server's /assets/.
function assertOffline(seen, origin) {
  assert.deepEqual(seen.blocked, [], 'no request leaves the test server');
  assert.deepEqual(seen.errors, [], 'no uncaught page error');
  const assets = seen.requested.filter((u) => /\.(js|css)$/.test(new URL(u).pathname));
  assert.ok(assets.length >= 4, `scripts and styles loaded: ${assets}`);
  for (const u of assets) assert.ok(u.startsWith(`${origin}/assets/`), `${u} comes from /assets/`);
}

forEachCodec('playgrounds in Chromium, CDNs blocked', (server, tag) => {
  const origin = () => new URL(server().url).origin;
  let context;
  const loaded = {};
  // ide opens path in this codec's context on first use and waits until
  // the editor at editorSelector is there; later calls return that page.
  async function ide(path, editorSelector) {
    context ??= await browser().createBrowserContext();
    loaded[path] ??= (async () => {
      const opened = await openPage(context, origin());
      await opened.page.goto(`${origin()}${path}`, { waitUntil: 'load', timeout: 30000 });
      await opened.page.waitForSelector(editorSelector, { timeout: 30000 });
      return opened;
    })();
    return loaded[path];
  }
  after(async () => {
    await context?.close();
  });

  const graphiqlEditor = '.graphiql-query-editor .CodeMirror';
  const altairEditor = 'app-query-editor .cm-content';

  browserTest('GraphiQL: loads offline, runs a typed query, renders the result', async () => {
    const { page, seen } = await ide('/graphiql', graphiqlEditor);
    assert.equal(await page.title(), 'GraphiQL');
    assert.equal(await page.evaluate(() => typeof window.GraphiQLPluginExplorer), 'object', 'explorer plugin loaded');

    const query = 'query Hello { hello(name: "browser") viewer }';
    await typeInto(page, graphiqlEditor, query);
    assert.equal(await page.$eval(graphiqlEditor, (el) => el.CodeMirror.getValue()), query);
    await waitForText(page, '.graphiql-tabs', 'Hello');
    await page.click('.graphiql-execute-button');
    await waitForText(page, '.graphiql-response', 'Hello, browser!');
    assert.deepEqual(await graphiqlResult(page), { data: { hello: 'Hello, browser!', viewer: null } });
    await page.screenshot({ path: join(shots, `graphiql-query-${tag}.png`) });
    assertOffline(seen, origin());
  });

  browserTest('GraphiQL: a subscription streams its events over graphql-transport-ws', async () => {
    const { page, seen } = await ide('/graphiql', graphiqlEditor);
    const from = seen.wsFrames.length;
    await typeInto(page, graphiqlEditor, 'subscription Countdown { countdown(from: 3) }');
    // GraphiQL picks the transport from the operation it has parsed; the
    // tab takes the operation's name once it has.
    await waitForText(page, '.graphiql-tabs', 'Countdown');
    await page.click('.graphiql-execute-button');
    await waitForText(page, '.graphiql-response', '"countdown": 1');
    assert.deepEqual(await graphiqlResult(page), { data: { countdown: 1 } }, 'the last event is shown');
    await waitUntil(() => seen.wsFrames.slice(from).some(isEnd), () => `the complete frame among ${JSON.stringify(seen.wsFrames.slice(from))}`);
    assert.deepEqual(
      dataPayloads(seen.wsFrames.slice(from)),
      [3, 2, 1].map((n) => ({ data: { countdown: n } })),
      'every event reached the page',
    );
    await page.screenshot({ path: join(shots, `graphiql-subscription-${tag}.png`) });
    assert.deepEqual(seen.blocked, []);
  });

  browserTest('Altair: loads offline, runs a typed query, renders the result', async () => {
    const { page, seen } = await ide('/altair', altairEditor);
    assert.equal(await page.title(), 'Altair');
    await typeInto(page, altairEditor, '{ hello(name: "altair") }');
    await clickButton(page, 'button', 'Send Request');
    await waitForText(page, 'app-query-result', 'Hello, altair!');
    await page.screenshot({ path: join(shots, `altair-query-${tag}.png`) });
    assertOffline(seen, origin());
  });

  browserTest('Altair: a subscription streams its events over the legacy graphql-ws protocol', async () => {
    const { page, seen } = await ide('/altair', altairEditor);
    const from = seen.wsFrames.length;
    await typeInto(page, altairEditor, 'subscription { countdown(from: 3) }');
    await clickButton(page, 'button', 'Send Request');
    // Altair lists every event it receives.
    for (const n of [3, 2, 1]) await waitForText(page, 'app-query-result', `"countdown": ${n}`);
    await waitUntil(() => seen.wsFrames.slice(from).some(isEnd), () => `the complete frame among ${JSON.stringify(seen.wsFrames.slice(from))}`);
    assert.deepEqual(
      dataPayloads(seen.wsFrames.slice(from)),
      [3, 2, 1].map((n) => ({ data: { countdown: n } })),
      'every event reached the page',
    );
    await page.screenshot({ path: join(shots, `altair-subscription-${tag}.png`) });
    assert.deepEqual(seen.blocked, []);
  });

  browserTest('Altair: a file variable is uploaded with the multipart request spec', async () => {
    const { page, seen } = await ide('/altair', altairEditor);
    const dir = mkdtempSync(join(tmpdir(), 'altair-upload-'));
    const posts = [];
    const onRequest = (req) => {
      if (req.method() === 'POST' && req.url().endsWith('/query')) posts.push(req.headers()['content-type'] ?? '');
    };
    page.on('request', onRequest);
    try {
      const content = `sent from Altair under ${tag}\n`;
      const file = join(dir, 'notes.txt');
      writeFileSync(file, content);
      await typeInto(
        page,
        altairEditor,
        'mutation Up($file: Upload!) { uploadFile(file: $file, label: "altair") { label filename size content } }',
      );
      // The variables pane opens on its title; files are added below it.
      await clickButton(page, '.variables-editor--title', 'Variables');
      await clickButton(page, 'button', 'Add files');
      // The file's variable name; Altair may already have filled it in
      // from the operation, so it is replaced rather than appended to.
      const nameInput = await page.waitForSelector('input.variables-file-item-name-input');
      await nameInput.click({ clickCount: 3 });
      await page.keyboard.sendCharacter('file');
      assert.equal(await nameInput.evaluate((el) => el.value), 'file');
      const input = await page.waitForSelector('input.variables-file-item-input[type=file]');
      await input.uploadFile(file);
      await waitForText(page, '.variables-file-item-selected-total', '1 file');
      await clickButton(page, 'button', 'Send Request');
      await waitForText(page, 'app-query-result', `sent from Altair under ${tag}`);
      const shown = await page.$eval('app-query-result', (el) => el.innerText);
      assert.match(shown, /"filename": "notes.txt"/);
      assert.match(shown, /"label": "altair"/);
      assert.match(shown, new RegExp(`"size": ${content.length}\\b`));
      assert.ok(
        posts.some((ct) => ct.startsWith('multipart/form-data')),
        `the operation went as multipart/form-data: ${posts}`,
      );
      await page.screenshot({ path: join(shots, `altair-upload-${tag}.png`) });
      assert.deepEqual(seen.blocked, []);
      assert.deepEqual(seen.errors, []);
    } finally {
      page.off('request', onRequest);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  browserTest('Apollo Sandbox: the page loads and hands the sandbox the right settings (the sandbox itself needs Apollo)', async () => {
    context ??= await browser().createBrowserContext();
    const { page, seen } = await openPage(context, origin());
    // The embed script comes from Apollo's CDN, which is blocked. In its
    // place a recorder, defined before the page runs, keeps what the page
    // passes to the EmbeddedSandbox constructor.
    await page.evaluateOnNewDocument(() => {
      window.EmbeddedSandbox = function (options) {
        window.sandboxOptions = options;
      };
    });
    await page.goto(`${origin()}/sandbox`, { waitUntil: 'load', timeout: 20000 });
    assert.equal(await page.title(), 'Apollo Sandbox');
    assert.ok(await page.$('#sandbox'), 'the target element exists');
    assert.deepEqual(await page.evaluate(() => window.sandboxOptions), {
      target: '#sandbox',
      initialEndpoint: server().url,
      persistExplorerState: true,
      hideCookieToggle: true,
      endpointIsEditable: false,
      initialState: { includeCookies: true, document: '{ hello(name: "sandbox") }', pollForSchemaUpdates: false },
    });
    // Everything else the page names is on Apollo's CDN: the pinned embed
    // script (with its integrity hash) and the icon. The script was asked
    // for, and refused.
    const cdn = /^https:\/\/embeddable-sandbox\.cdn\.apollographql\.com\//;
    const script = await page.$eval('script[src]', (el) => ({ src: el.src, integrity: el.integrity }));
    assert.match(script.src, /^https:\/\/embeddable-sandbox\.cdn\.apollographql\.com\/[0-9a-f]{40}\/embeddable-sandbox\.umd\.production\.min\.js$/);
    assert.match(script.integrity, /^sha256-/);
    assert.match(await page.$eval('link[rel=icon]', (el) => el.href), cdn);
    assert.ok(seen.blocked.includes(script.src), `the embed script was requested: ${seen.requested}`);
    for (const u of seen.blocked) assert.match(u, cdn);
    assert.deepEqual(seen.errors, []);
    await page.close();
  });
});
