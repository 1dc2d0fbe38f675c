// Cross-site request forgery in a real browser (headless Chromium): a page
// served from a second origin (another port, so another origin to the
// browser) submits a hidden multipart/form-data form carrying a mutation to
// the GraphQL server, as an attacker's page would with the victim's
// cookies and without a CORS preflight. At /query, where CSRFPrevention is
// on, the mutation must not run; at /unprotected/query (upstream gqlgen's
// behaviour) it runs, which shows the test can fail. Whether it ran is read
// from the server's data afterwards.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before } from 'node:test';
import { useBrowser } from './lib/browser.mjs';
import { forEachCodec } from './lib/server.mjs';

const { browser, browserTest } = useBrowser('CSRF browser tests');

// attackerPage is an HTML page that posts operations and map to target
// with a hidden form, as soon as it loads.
function attackerPage(target, operations) {
  const data = JSON.stringify({ target, operations: JSON.stringify(operations) }).replaceAll('<', '\\u003c');
  return `<!doctype html>
<html><head><title>attacker</title></head><body>
<form id="forged" method="POST" enctype="multipart/form-data" style="display:none">
  <input type="hidden" name="operations"><input type="hidden" name="map" value="{}">
</form>
<script>
  const d = ${data};
  const form = document.getElementById('forged');
  form.action = d.target;
  form.elements.operations.value = d.operations;
  form.submit();
</script>
</body></html>`;
}

// The attacker's site: GET /?case=NAME serves the page for that case.
let attacker;
let attackerOrigin;
const pages = new Map();
before(async () => {
  attacker = createServer((req, res) => {
    const page = pages.get(new URL(req.url, 'http://x').searchParams.get('case'));
    res.writeHead(page ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(page ?? 'no such case');
  });
  await new Promise((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  attackerOrigin = `http://127.0.0.1:${attacker.address().port}`;
});
after(() => new Promise((resolve) => attacker?.close(resolve)));

// planet asks the server (a JSON POST, which CSRFPrevention lets through)
// for the planet with code.
async function planet(server, code) {
  const res = await fetch(server.url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ query: `{ planet(code: "${code}") { name } }` }),
  });
  assert.equal(res.status, 200);
  return (await res.json()).data.planet;
}

forEachCodec('cross-site form posts in Chromium', (server, tag) => {
  // forge loads the attacker's page for a mutation adding the planet code
  // to target, and resolves to the form's request and the response the
  // browser got for it, once that response is complete.
  async function forge(target, code) {
    const name = `${tag}-${code}`;
    pages.set(name, attackerPage(target, {
      query: `mutation { addPlanet(input: { code: "${code}", name: "Forged", kind: ROCKY }) { code } }`,
    }));
    const context = await browser().createBrowserContext();
    try {
      const page = await context.newPage();
      const allowed = new Set([attackerOrigin, new URL(target).origin]);
      const blocked = [];
      await page.setRequestInterception(true);
      page.on('request', (req) => {
        if (allowed.has(new URL(req.url()).origin)) return req.continue();
        blocked.push(req.url());
        return req.abort('blockedbyclient');
      });
      const posted = page.waitForResponse((r) => r.url() === target && r.request().method() === 'POST', {
        timeout: 30000,
      });
      await page.goto(`${attackerOrigin}/?case=${name}`, { timeout: 30000 });
      const response = await posted;
      const body = await response.text();
      assert.deepEqual(blocked, []);
      return { request: response.request(), status: response.status(), body };
    } finally {
      await context.close();
    }
  }

  // assertCrossSiteForm checks that the browser sent the form as an attacker's
  // page can: multipart, from the attacker's origin, with no preflight
  // header.
  function assertCrossSiteForm(request) {
    const headers = request.headers();
    assert.equal(headers.origin, attackerOrigin);
    assert.match(headers['content-type'], /^multipart\/form-data; boundary=/);
    assert.equal(headers['apollo-require-preflight'], undefined);
    assert.equal(headers['x-apollo-operation-name'], undefined);
  }

  browserTest('CSRF prevention on: the forged mutation is refused and does not run', async () => {
    const code = `CSRFON${tag.toUpperCase()}`;
    const { request, status, body } = await forge(server().url, code);
    assertCrossSiteForm(request);
    assert.equal(status, 400);
    assert.match(body, /request refused as a possible cross-site request forgery/);
    assert.equal(await planet(server(), code), null, 'the mutation did not run');
  });

  browserTest('CSRF prevention off (upstream behaviour): the forged mutation runs', async () => {
    const code = `CSRFOFF${tag.toUpperCase()}`;
    const { request, status, body } = await forge(server().unprotectedUrl, code);
    assertCrossSiteForm(request);
    assert.equal(status, 200);
    assert.equal(body, `{"data":{"addPlanet":{"code":"${code}"}}}`);
    assert.deepEqual(await planet(server(), code), { name: 'Forged' }, 'the mutation ran');
  });
});
