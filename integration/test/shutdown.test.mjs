// handler.Server.Shutdown with real clients across two replicas: the
// shutdown example's server (_examples/shutdown) runs as two processes, A
// and B. Subscriptions on A (the graphql-ws client over
// graphql-transport-ws, a raw websocket over the legacy graphql-ws
// subprotocol, the graphql-sse client) and a slow query are live when A is
// told to stop (SIGTERM): the slow query is answered, each subscription ends
// as its protocol allows without a complete message, the clients reconnect
// to B (their URL is a function, as a load balancer would pick), and they
// receive B's next event. A then reports that both shutdowns returned nil,
// that is within its grace period.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import { createClient as createWSClient } from 'graphql-ws';
import { createClient as createSSEClient } from 'graphql-sse';
import WebSocket from 'ws';
import { connect } from './lib/rawws.mjs';

const examplesDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '_examples');

// The tags to build the example with: those of the suite's servers, or
// CODEC_TAG for a file run on its own.
const tags = process.env.GQL_SERVERS ? Object.keys(JSON.parse(process.env.GQL_SERVERS)) : [process.env.CODEC_TAG || 'none'];

const dir = mkdtempSync(join(tmpdir(), 'shutdown-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

function build(tag) {
  const bin = join(dir, `server-${tag}`);
  execFileSync(process.env.GO || 'go', ['build', '-tags', tag === 'none' ? '' : tag, '-o', bin, './shutdown/server'], {
    cwd: examplesDir,
    stdio: 'inherit',
  });
  return bin;
}

// start runs one replica and resolves once it listens.
function start(bin, name) {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, ['-addr', '127.0.0.1:0', '-name', name, '-grace', '20s', '-stdin-eof'], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const stdout = [];
    const exited = new Promise((res) => child.once('exit', (code, signal) => res({ code, signal, stdout, stderr: () => stderr })));
    child.once('error', reject);
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      if (stdout.push(line) > 1) return;
      const m = /^listening on (http:\/\/(\S+)\/query) \(codec: (.+)\)$/.exec(line);
      if (!m) {
        child.kill('SIGKILL');
        reject(new Error(`unexpected first line from ${name}: ${line}`));
        return;
      }
      resolve({ name, url: m[1], wsUrl: `ws://${m[2]}/query`, codec: m[3], child, exited });
    });
    exited.then(({ code, signal }) => reject(new Error(`${name} exited (${code ?? signal}) before it was ready: ${stderr}`)));
  });
}

async function gql(server, query) {
  const res = await fetch(server.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });
  return { status: res.status, body: await res.json() };
}

// until polls check (bounded) until it returns true.
async function until(what, check) {
  for (let i = 0; i < 500; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`gave up waiting for ${what}`);
}

async function subscribers(server) {
  const { body } = await gql(server, '{ subscribers }');
  return body.data.subscribers;
}

// Deferred is a promise with its resolve at hand.
function deferred() {
  let resolve;
  const promise = new Promise((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

// inbox collects a subscription's events; next(text) resolves with the
// first event whose text is text.
function inbox() {
  const events = [];
  const waiting = [];
  return {
    events,
    push(ev) {
      events.push(ev);
      for (const w of waiting.filter((w) => w.text === ev.text)) w.resolve(ev);
    },
    next(text) {
      const found = events.find((ev) => ev.text === text);
      if (found) return Promise.resolve(found);
      const d = deferred();
      waiting.push({ text, resolve: d.resolve });
      return d.promise;
    },
  };
}

const eventsQuery = 'subscription { events { replica text } }';

for (const tag of tags) {
  describe(`graceful shutdown across two replicas [${tag}]`, () => {
    test('subscriptions move to the second replica, the slow query completes, Shutdown returns nil', async () => {
      const bin = build(tag);
      const a = await start(bin, 'A');
      const b = await start(bin, 'B');
      let current = a; // where the "load balancer" sends new connections
      const cleanups = [];
      try {
        // graphql-ws client, graphql-transport-ws.
        const wsEvents = inbox();
        const wsWire = []; // every message the client received, and its closes
        const wsConnected = [];
        const wsClient = createWSClient({
          url: () => current.wsUrl,
          webSocketImpl: WebSocket,
          lazy: true,
          retryAttempts: 5,
          retryWait: async () => {},
          on: {
            connected: () => wsConnected.push(current.name),
            message: (msg) => wsWire.push(msg),
            closed: (event) => wsWire.push({ closed: event.code, reason: event.reason }),
          },
        });
        cleanups.push(() => wsClient.dispose());
        const wsEnded = deferred();
        wsClient.subscribe(
          { query: eventsQuery },
          {
            next: (r) => wsEvents.push(r.data.events),
            error: (err) => wsEnded.resolve(`error: ${err?.message ?? err?.code ?? err}`),
            complete: () => wsEnded.resolve('complete'),
          },
        );

        // Raw websocket, legacy graphql-ws subprotocol (its client is
        // unmaintained): the test reconnects as that client would.
        const legacyEvents = inbox();
        const legacyWire = [];
        const openLegacy = async (server) => {
          const ws = await connect(server.wsUrl, 'graphql-ws');
          ws.send({ type: 'connection_init' });
          assert.deepEqual(await ws.next(), { type: 'connection_ack' });
          ws.send({ id: 'events', type: 'start', payload: { query: eventsQuery } });
          (async () => {
            for (;;) {
              let msg;
              try {
                msg = await ws.next();
              } catch {
                return;
              }
              legacyWire.push({ on: server.name, ...msg });
              if (msg.type === 'data') legacyEvents.push(msg.payload.data.events);
            }
          })();
          return ws;
        };
        const legacyA = await openLegacy(a);
        cleanups.push(() => legacyA.close());

        // graphql-sse client, distinct connections mode.
        const sseEvents = inbox();
        const sseWire = [];
        const sseClient = createSSEClient({
          url: () => current.url,
          retryAttempts: 5,
          retry: async () => {},
          on: { message: (msg) => sseWire.push(msg.event) },
        });
        cleanups.push(() => sseClient.dispose());
        const sseEnded = deferred();
        sseClient.subscribe(
          { query: eventsQuery },
          {
            next: (r) => sseEvents.push(r.data.events),
            error: (err) => sseEnded.resolve(`error: ${err?.message ?? err}`),
            complete: () => sseEnded.resolve('complete'),
          },
        );

        await until('three subscribers on A', async () => (await subscribers(a)) === 3);
        assert.deepEqual(await gql(a, 'mutation { publish(text: "one") }'), { status: 200, body: { data: { publish: 3 } } });
        for (const box of [wsEvents, legacyEvents, sseEvents]) {
          assert.deepEqual(await box.next('one'), { replica: 'A', text: 'one' });
        }

        const slow = gql(a, '{ slow(ms: 1500) { replica finishedWhileShuttingDown } }');
        await until('the slow query to start', async () => (await gql(a, '{ slowStarted }')).body.data.slowStarted === 1);

        current = b;
        a.child.kill('SIGTERM');

        assert.deepEqual(await slow, {
          status: 200,
          body: { data: { slow: { replica: 'A', finishedWhileShuttingDown: true } } },
        });

        // Legacy: A's connection closes with 1012 and no complete; the
        // client then reconnects to B.
        const legacyClose = await legacyA.closed;
        assert.deepEqual(legacyClose, { code: 1012, reason: 'service restart' });
        assert.deepEqual(
          legacyWire.filter((m) => m.type !== 'ka' && m.type !== 'data'),
          [],
          'nothing but data from A: no complete',
        );
        const legacyB = await openLegacy(b);
        cleanups.push(() => legacyB.close());

        const exit = await a.exited;
        assert.equal(exit.code, 0, `A's exit (stderr: ${exit.stderr()})`);
        assert.deepEqual(exit.stdout.slice(1), ['shutdown: graphql=<nil> http=<nil>']);

        await until('three subscribers on B', async () => (await subscribers(b)) === 3);
        assert.deepEqual(await gql(b, 'mutation { publish(text: "two") }'), { status: 200, body: { data: { publish: 3 } } });
        for (const box of [wsEvents, legacyEvents, sseEvents]) {
          assert.deepEqual(await box.next('two'), { replica: 'B', text: 'two' });
        }

        // graphql-transport-ws on the wire: A's connection closed with 1012,
        // with no complete before it; the client connected again, to B.
        const closeAt = wsWire.findIndex((m) => m.closed !== undefined);
        assert.deepEqual(wsWire[closeAt], { closed: 1012, reason: 'service restart' });
        assert.deepEqual(
          wsWire.slice(0, closeAt).map((m) => m.type),
          ['connection_ack', 'next'],
          'A sent the ack and one event, no complete',
        );
        assert.deepEqual(wsConnected, ['A', 'B']);
        // SSE: A's stream ended after its one event, with no complete; the
        // client's second stream, on B, has the next event.
        assert.deepEqual(sseWire, ['next', 'next']);
        assert.deepEqual(
          [wsEvents.events, legacyEvents.events, sseEvents.events].map((evs) => evs.map((ev) => ev.replica + ev.text)),
          [
            ['Aone', 'Btwo'],
            ['Aone', 'Btwo'],
            ['Aone', 'Btwo'],
          ],
        );
        // The subscriptions never ended for the clients.
        for (const ended of [wsEnded, sseEnded]) {
          assert.equal(await Promise.race([ended.promise, Promise.resolve('still running')]), 'still running');
        }
      } finally {
        for (const cleanup of cleanups.reverse()) await cleanup();
        for (const server of [a, b]) {
          if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
          await server.exited;
        }
      }
    });
  });
}
