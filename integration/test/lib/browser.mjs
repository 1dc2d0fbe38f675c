// A headless Chromium for the browser tests: the binary that the
// @sparticuz/chromium npm package ships (no other browser download),
// driven by puppeteer-core. Pages see only the test servers: every request
// to another host is aborted, as on a machine without Internet access.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

// The flags the suite promises: no sandbox (root in CI containers), no GPU,
// and none of Chromium's own network traffic (updates, sync, first run).
const flags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

// launchBrowser starts Chromium with a fresh profile. It resolves to
// { browser, close } or rejects with an error that says what is missing.
export async function launchBrowser() {
  let chromium, puppeteer;
  try {
    chromium = (await import('@sparticuz/chromium')).default;
    puppeteer = (await import('puppeteer-core')).default;
  } catch (err) {
    throw new Error(`@sparticuz/chromium or puppeteer-core is not installed (run npm ci in integration/): ${err.message}`);
  }
  // The package unpacks its compressed Chromium into the temp directory
  // on first use; later runs reuse it.
  const executablePath = await chromium.executablePath();
  const profile = mkdtempSync(join(tmpdir(), 'playground-profile-'));
  let browser;
  try {
    browser = await puppeteer.launch({
      executablePath,
      headless: true,
      args: [...flags, `--user-data-dir=${profile}`],
      protocolTimeout: 20000,
    });
  } catch (err) {
    rmSync(profile, { recursive: true, force: true });
    // The binary links against a few system libraries; the rest it ships.
    throw new Error(
      `Chromium (${executablePath}) did not start: ${err.message}\n` +
        'It needs NSS, NSPR and Expat from the system; on Debian or Ubuntu: apt-get install -y libnss3 libnspr4 libexpat1',
    );
  }
  return {
    browser,
    async close() {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

// useBrowser starts one Chromium for the test file that calls it (before
// its tests, closed after them) and returns browser(), the running
// puppeteer Browser, and browserTest(name, fn), which declares a test that
// runs when there is a browser and is skipped with a message, or fails
// under CI=true, when there is none. what names the tests in that message.
// A browser file as a whole has a larger budget (scripts/run.mjs); each
// test keeps a bound of its own.
export function useBrowser(what) {
  let chrome;
  let unavailable;
  before(async () => {
    try {
      chrome = await launchBrowser();
    } catch (err) {
      unavailable = err;
      const msg = `${what} cannot run: ${err.message}`;
      if (process.env.CI === 'true') throw new Error(msg);
      console.error(`\n!!! SKIPPING ${msg}\n`);
    }
  });
  after(async () => {
    await chrome?.close();
  });
  function browserTest(name, fn) {
    test(name, { timeout: 45000 }, async (t) => {
      if (!chrome) {
        if (process.env.CI === 'true') throw unavailable ?? new Error('no browser');
        t.skip(`no browser: ${unavailable?.message}`);
        return;
      }
      await fn(t);
    });
  }
  return { browser: () => chrome.browser, browserTest };
}

// openPage opens a page in context whose requests may reach only origin:
// any other request is aborted and recorded in blocked. Every URL asked
// for is recorded in requested, the WebSocket frames the page receives in
// wsFrames, uncaught page errors in errors.
export async function openPage(context, origin) {
  const page = await context.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  const seen = { blocked: [], requested: [], errors: [], wsFrames: [] };
  await page.setRequestInterception(true);
  page.on('request', (req) => {
    const url = req.url();
    if (url.startsWith('data:') || url.startsWith('blob:')) {
      req.continue();
      return;
    }
    seen.requested.push(url);
    if (new URL(url).origin === origin) {
      req.continue();
      return;
    }
    seen.blocked.push(url);
    req.abort('blockedbyclient');
  });
  page.on('pageerror', (err) => seen.errors.push(err.message));
  const cdp = await page.createCDPSession();
  await cdp.send('Network.enable');
  cdp.on('Network.webSocketFrameReceived', (e) => seen.wsFrames.push(e.response.payloadData));
  return { page, seen };
}

// waitForText waits until the element matching selector contains text,
// and fails naming both, with the element's text, if it does not.
export async function waitForText(page, selector, text, timeout = 15000) {
  try {
    await page.waitForFunction((s, t) => document.querySelector(s)?.innerText.includes(t), { timeout }, selector, text);
  } catch (err) {
    const shown = await page.$eval(selector, (el) => el.innerText).catch(() => '(no such element)');
    throw new Error(`${selector} did not show ${JSON.stringify(text)} (${err.message}); it shows: ${shown.slice(0, 2000)}`);
  }
}

// typeInto clicks the editor at selector, selects all and deletes it with
// the keyboard, then enters text as one text input event (what an input
// method or a paste-free dictation sends): the editor handles it as typed
// text, without the per-key completion popups and bracket closing that
// make key-by-key typing slow and editor-specific.
export async function typeInto(page, selector, text) {
  await page.click(selector);
  await page.keyboard.down('Control');
  await page.keyboard.press('KeyA');
  await page.keyboard.up('Control');
  await page.keyboard.press('Backspace');
  await page.keyboard.sendCharacter(text);
  // Close any completion popup the input opened.
  await page.keyboard.press('Escape');
}

// waitUntil polls cond (a function of nothing) every 20 ms until it
// returns true, and fails after timeout ms with what describe() returns.
export async function waitUntil(cond, describe, timeout = 10000) {
  const deadline = Date.now() + timeout;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${describe()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

// clickButton clicks the first element matching selector whose text is
// label, compared without regard to case (stylesheets may upper-case it),
// and fails if there is none.
export async function clickButton(page, selector, label) {
  const clicked = await page.evaluate(
    (s, l) => {
      const el = [...document.querySelectorAll(s)].find((e) => e.textContent.trim().toLowerCase() === l.toLowerCase());
      el?.click();
      return Boolean(el);
    },
    selector,
    label,
  );
  if (!clicked) throw new Error(`no ${selector} labelled ${JSON.stringify(label)}`);
}
