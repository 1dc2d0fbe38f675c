// The graphql-ws library's client, speaking graphql-transport-ws: queries,
// subscriptions that stream and complete, error frames, and the init
// payload; plus the exact frames with a raw websocket.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { forEachCodec } from './lib/server.mjs';
import { connect } from './lib/rawws.mjs';

function wsClient(server, options = {}) {
  return createClient({ url: server.wsUrl, webSocketImpl: WebSocket, retryAttempts: 0, lazy: true, ...options });
}

// collect subscribes and gathers every result until complete; it rejects
// with whatever the client reports as an error.
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

forEachCodec('graphql-ws client (graphql-transport-ws)', (server) => {
  test('a subscription emits N events, then completes', async () => {
    const client = wsClient(server());
    try {
      const results = await collect(client, {
        query: 'subscription Count($from: Int!) { countdown(from: $from) }',
        variables: { from: 5 },
      });
      assert.deepEqual(results, [5, 4, 3, 2, 1].map((n) => ({ data: { countdown: n } })));
    } finally {
      await client.dispose();
    }
  });

  test('object payloads through the async iterator', async () => {
    const client = wsClient(server());
    try {
      const names = [];
      for await (const result of client.iterate({ query: 'subscription { planetFeed(n: 6) { code kind } }' })) {
        names.push(result.data.planetFeed);
      }
      assert.deepEqual(names, [
        { code: 'MERCURY', kind: 'ROCKY' },
        { code: 'EARTH', kind: 'ROCKY' },
        { code: 'JUPITER', kind: 'GAS' },
        { code: 'NEPTUNE', kind: 'ICE' },
        { code: 'MERCURY', kind: 'ROCKY' },
        { code: 'EARTH', kind: 'ROCKY' },
      ]);
    } finally {
      await client.dispose();
    }
  });

  test('concurrent subscriptions and a query share one connection', async () => {
    let opened = 0;
    const client = wsClient(server(), { on: { opened: () => opened++ } });
    try {
      const [a, b, q] = await Promise.all([
        collect(client, { query: 'subscription { countdown(from: 3) }' }),
        collect(client, { query: 'subscription { n: countdown(from: 2) }' }),
        collect(client, { query: '{ hello(name: "ws") }' }),
      ]);
      assert.deepEqual(a, [{ data: { countdown: 3 } }, { data: { countdown: 2 } }, { data: { countdown: 1 } }]);
      assert.deepEqual(b, [{ data: { n: 2 } }, { data: { n: 1 } }]);
      assert.deepEqual(q, [{ data: { hello: 'Hello, ws!' } }]);
      assert.equal(opened, 1);
    } finally {
      await client.dispose();
    }
  });

  test('connectionParams reach InitFunc and the resolvers', async () => {
    const client = wsClient(server(), { connectionParams: { user: 'grace' } });
    try {
      assert.deepEqual(await collect(client, { query: '{ viewer }' }), [{ data: { viewer: 'grace' } }]);
    } finally {
      await client.dispose();
    }
  });

  test('a validation error arrives as an error frame', async () => {
    const client = wsClient(server());
    try {
      await assert.rejects(collect(client, { query: 'subscription { countdown(from: "x") }' }), (errors) => {
        assert.deepEqual(errors, [
          {
            message: 'Int cannot represent non-integer value: "x"',
            // gqlparser places a string literal after its opening quote.
            locations: [{ line: 1, column: 33 }],
            extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
          },
        ]);
        return true;
      });
    } finally {
      await client.dispose();
    }
  });

  test('a resolver error is a result with errors, then complete', async () => {
    const client = wsClient(server());
    try {
      const results = await collect(client, { query: 'subscription { countdown(from: -1) }' });
      assert.deepEqual(results, [
        {
          errors: [
            {
              message: 'cannot count down from -1',
              path: ['countdown'],
              locations: [{ line: 1, column: 16 }],
              extensions: { code: 'NEGATIVE' },
            },
          ],
          data: null,
        },
      ]);
    } finally {
      await client.dispose();
    }
  });

  test('leaving a subscription early stops it; the connection stays usable', async () => {
    const client = wsClient(server());
    try {
      const seen = [];
      for await (const result of client.iterate({ query: 'subscription { countdown(from: 1000000) }' })) {
        seen.push(result.data.countdown);
        if (seen.length === 3) break;
      }
      assert.deepEqual(seen, [1000000, 999999, 999998]);
      assert.deepEqual(await collect(client, { query: '{ hello(name: "again") }' }), [{ data: { hello: 'Hello, again!' } }]);
    } finally {
      await client.dispose();
    }
  });

  test('a refused connection_init closes with the code InitFunc chose', async () => {
    const client = wsClient(server(), { connectionParams: { token: 'reject' } });
    try {
      await assert.rejects(collect(client, { query: '{ viewer }' }), (event) => {
        assert.equal(event.code, 4403);
        assert.equal(event.reason, 'Forbidden');
        return true;
      });
    } finally {
      await client.dispose();
    }
  });

  test('raw frames: ack, next, complete, ping/pong, error', async () => {
    const ws = await connect(server().wsUrl, 'graphql-transport-ws');
    try {
      assert.equal(ws.protocol, 'graphql-transport-ws');
      ws.send({ type: 'connection_init', payload: { user: 'raw' } });
      assert.deepEqual(await ws.next(), { type: 'connection_ack' });
      ws.send({ type: 'ping' });
      assert.deepEqual(await ws.next(), { type: 'pong' });
      ws.send({ id: 'a', type: 'subscribe', payload: { query: 'subscription($n: Int!) { countdown(from: $n) }', variables: { n: 2 } } });
      assert.deepEqual(await ws.next(), { id: 'a', type: 'next', payload: { data: { countdown: 2 } } });
      assert.deepEqual(await ws.next(), { id: 'a', type: 'next', payload: { data: { countdown: 1 } } });
      assert.deepEqual(await ws.next(), { id: 'a', type: 'complete' });
      ws.send({ id: 'b', type: 'subscribe', payload: { query: '{ nope }' } });
      assert.deepEqual(await ws.next(), {
        id: 'b',
        type: 'error',
        payload: [
          {
            message: 'Cannot query field "nope" on type "Query".',
            locations: [{ line: 1, column: 3 }],
            extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
          },
        ],
      });
      // The protocol says error ends the operation with nothing after it
      // (upstream gqlgen v0.17.98 still follows it with complete).
      ws.send({ id: 'c', type: 'subscribe', payload: { query: '{ viewer }' } });
      assert.deepEqual(await ws.next(), { id: 'c', type: 'next', payload: { data: { viewer: 'raw' } } });
      assert.deepEqual(await ws.next(), { id: 'c', type: 'complete' });
      // An id is free again once its operation completed; reusing the id of
      // a running one closes the socket (upstream runs both).
      ws.send({ id: 'c', type: 'subscribe', payload: { query: 'subscription { countdown(from: 1000000) }' } });
      assert.deepEqual(await ws.next(), { id: 'c', type: 'next', payload: { data: { countdown: 1000000 } } });
      ws.send({ id: 'c', type: 'subscribe', payload: { query: '{ viewer }' } });
      const closed = await ws.closed;
      assert.equal(closed.code, 4409);
      assert.equal(closed.reason, 'Subscriber for c already exists');
    } finally {
      await ws.close();
    }
  });
});
