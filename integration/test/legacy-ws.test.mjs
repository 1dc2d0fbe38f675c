// The legacy graphql-ws subprotocol of subscriptions-transport-ws. That
// client is unmaintained, so a raw websocket speaks the protocol here.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachCodec } from './lib/server.mjs';
import { connect } from './lib/rawws.mjs';

async function open(server, payload = {}) {
  const ws = await connect(server.wsUrl, 'graphql-ws');
  assert.equal(ws.protocol, 'graphql-ws');
  ws.send({ type: 'connection_init', payload });
  assert.deepEqual(await ws.next(), { type: 'connection_ack' });
  assert.deepEqual(await ws.next(), { type: 'ka' });
  return ws;
}

forEachCodec('legacy graphql-ws subprotocol', (server) => {
  test('start: data per event, then complete', async () => {
    const ws = await open(server());
    try {
      ws.send({ id: '1', type: 'start', payload: { query: 'subscription($n: Int!) { countdown(from: $n) }', variables: { n: 3 } } });
      for (const n of [3, 2, 1]) {
        assert.deepEqual(await ws.nextNot('ka'), { id: '1', type: 'data', payload: { data: { countdown: n } } });
      }
      assert.deepEqual(await ws.nextNot('ka'), { id: '1', type: 'complete' });
    } finally {
      await ws.close();
    }
  });

  test('queries and the init payload', async () => {
    const ws = await open(server(), { user: 'legacy' });
    try {
      ws.send({ id: 'q', type: 'start', payload: { query: '{ viewer hello(name: "old") }' } });
      assert.deepEqual(await ws.nextNot('ka'), {
        id: 'q',
        type: 'data',
        payload: { data: { viewer: 'legacy', hello: 'Hello, old!' } },
      });
      assert.deepEqual(await ws.nextNot('ka'), { id: 'q', type: 'complete' });
    } finally {
      await ws.close();
    }
  });

  test('stop ends a running subscription', async () => {
    const ws = await open(server());
    try {
      ws.send({ id: 's', type: 'start', payload: { query: 'subscription { countdown(from: 1000000) }' } });
      assert.deepEqual(await ws.nextNot('ka'), { id: 's', type: 'data', payload: { data: { countdown: 1000000 } } });
      ws.send({ id: 's', type: 'stop' });
      // Events already in flight may still arrive; the stream ends with complete.
      let msg;
      do msg = await ws.nextNot('ka');
      while (msg.type === 'data');
      assert.deepEqual(msg, { id: 's', type: 'complete' });
      ws.send({ id: 't', type: 'start', payload: { query: '{ hello(name: "after") }' } });
      assert.deepEqual(await ws.nextNot('ka'), { id: 't', type: 'data', payload: { data: { hello: 'Hello, after!' } } });
    } finally {
      await ws.close();
    }
  });

  test('a validation error is an error message', async () => {
    const ws = await open(server());
    try {
      ws.send({ id: 'e', type: 'start', payload: { query: 'subscription { countdown }' } });
      assert.deepEqual(await ws.nextNot('ka'), {
        id: 'e',
        type: 'error',
        payload: [
          {
            message: 'Field "countdown" argument "from" of type "Int!" is required, but it was not provided.',
            locations: [{ line: 1, column: 16 }],
            extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
          },
        ],
      });
    } finally {
      await ws.close();
    }
  });

  test('a refused init gets connection_error and the close InitFunc chose', async () => {
    const ws = await connect(server().wsUrl, 'graphql-ws');
    ws.send({ type: 'connection_init', payload: { token: 'reject' } });
    assert.deepEqual(await ws.next(), { type: 'connection_error', payload: { message: 'token rejected' } });
    assert.deepEqual(await ws.closed, { code: 4403, reason: 'Forbidden' });
  });

  test('connection_terminate closes the connection', async () => {
    const ws = await open(server());
    ws.send({ type: 'connection_terminate' });
    const { code } = await ws.closed;
    assert.equal(code, 1000);
  });
});
