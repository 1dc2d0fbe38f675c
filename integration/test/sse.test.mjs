// The graphql-sse client in distinct connections mode, and the exact
// event stream of the SSE transport.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createClient } from 'graphql-sse';
import { forEachCodec, preflight } from './lib/server.mjs';

function sseClient(server, options = {}) {
  return createClient({ url: server.url, retryAttempts: 0, ...options });
}

function collect(client, payload) {
  return new Promise((resolve, reject) => {
    const results = [];
    client.subscribe(payload, {
      next: (r) => results.push(r),
      error: reject,
      complete: () => resolve(results),
    });
  });
}

forEachCodec('graphql-sse client', (server) => {
  test('distinct connections: a subscription emits N events, then completes', async () => {
    const client = sseClient(server());
    try {
      const results = await collect(client, {
        query: 'subscription Count($from: Int!) { countdown(from: $from) }',
        variables: { from: 4 },
      });
      assert.deepEqual(results, [4, 3, 2, 1].map((n) => ({ data: { countdown: n } })));
    } finally {
      client.dispose();
    }
  });

  test('distinct connections: a query and a mutation', async () => {
    const client = sseClient(server(), { headers: { 'X-User': 'sse-user' } });
    try {
      assert.deepEqual(await collect(client, { query: '{ viewer hello(name: "sse") }' }), [
        { data: { viewer: 'sse-user', hello: 'Hello, sse!' } },
      ]);
      assert.deepEqual(
        await collect(client, {
          query: 'mutation($in: NewPlanet!) { addPlanet(input: $in) { code moons { name } } }',
          variables: { in: { code: 'SSE1', name: 'Streamy', kind: 'GAS', moons: [{ name: 'Ping', radiusKm: 1 }] } },
        }),
        [{ data: { addPlanet: { code: 'SSE1', moons: [{ name: 'Ping' }] } } }],
      );
    } finally {
      client.dispose();
    }
  });

  test('distinct connections: errors travel as results', async () => {
    const client = sseClient(server());
    try {
      assert.deepEqual(await collect(client, { query: 'subscription { countdown(from: -2) }' }), [
        {
          errors: [
            {
              message: 'cannot count down from -2',
              path: ['countdown'],
              locations: [{ line: 1, column: 16 }],
              extensions: { code: 'NEGATIVE' },
            },
          ],
          data: null,
        },
      ]);
      assert.deepEqual(await collect(client, { query: 'subscription { nope }' }), [
        {
          errors: [
            {
              message: 'Cannot query field "nope" on type "Subscription".',
              locations: [{ line: 1, column: 16 }],
              extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
            },
          ],
          data: null,
        },
      ]);
    } finally {
      client.dispose();
    }
  });

  test('distinct connections: leaving early, then the client still works', async () => {
    const client = sseClient(server());
    try {
      const seen = [];
      for await (const result of client.iterate({ query: 'subscription { countdown(from: 1000000) }' })) {
        seen.push(result.data.countdown);
        if (seen.length === 2) break;
      }
      assert.deepEqual(seen, [1000000, 999999]);
      assert.deepEqual(await collect(client, { query: '{ hello(name: "x") }' }), [{ data: { hello: 'Hello, x!' } }]);
    } finally {
      client.dispose();
    }
  });

  // Upstream gqlgen v0.17.98 serves the distinct connections mode only (PUT: 400).
  // The stream of this mode is a GET, which the server's CSRFPrevention lets
  // through only with a preflight header (the client sends its headers with
  // every request).
  test('single connection mode', async () => {
    const client = sseClient(server(), { singleConnection: true, headers: preflight });
    try {
      assert.deepEqual(await collect(client, { query: '{ hello(name: "one") }' }), [{ data: { hello: 'Hello, one!' } }]);
      const seen = [];
      for await (const result of client.iterate({ query: 'subscription { countdown(from: 1000000) }' })) {
        seen.push(result.data.countdown);
        if (seen.length === 2) break;
      }
      assert.deepEqual(seen, [1000000, 999999]);
      const [a, b] = await Promise.all([
        collect(client, { query: '{ hello(name: "a") }' }),
        collect(client, { query: 'subscription { countdown(from: 2) }' }),
      ]);
      assert.deepEqual(a, [{ data: { hello: 'Hello, a!' } }]);
      assert.deepEqual(b, [{ data: { countdown: 2 } }, { data: { countdown: 1 } }]);
    } finally {
      client.dispose();
    }
  });

  test('the event stream on the wire', async () => {
    const res = await fetch(server().url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: JSON.stringify({ query: 'subscription { planetFeed(n: 2) { name } }' }),
    });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/event-stream');
    assert.equal(
      await res.text(),
      ':\n\n' +
        'event: next\ndata: {"data":{"planetFeed":{"name":"Mercury"}}}\n\n' +
        'event: next\ndata: {"data":{"planetFeed":{"name":"Earth"}}}\n\n' +
        'event: complete\n\n',
    );
  });
});
