// urql (@urql/core): queries, mutations and @defer with its fetchExchange,
// subscriptions through graphql-ws (subscriptionExchange) and over
// Server-Sent Events (fetchSubscriptions).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Client, fetchExchange, gql, subscriptionExchange } from '@urql/core';
import { createClient as createWSClient } from 'graphql-ws';
import { onEnd, pipe, subscribe } from 'wonka';
import WebSocket from 'ws';
import { forEachCodec, preflight } from './lib/server.mjs';

// urql sends a query as GET while its URL is short enough, and everything
// else as a POST that accepts text/event-stream and multipart/mixed too, so
// the server answers those over SSE (the streaming transport listed first)
// and urql reads them back from the stream. Its GET requests are "simple"
// ones a page on another site could send too, so the server's
// CSRFPrevention wants the preflight header on them; the client sends it
// with every request, as docs/production.md suggests.
function urql(server, extra = {}) {
  return new Client({
    url: server.url,
    exchanges: [fetchExchange],
    requestPolicy: 'network-only',
    fetchOptions: { headers: preflight },
    ...extra,
  });
}

// plain keeps the fields of a GraphQL error that came over the wire, less
// its locations, which point into urql's reprint of the document.
function plain({ message, path, extensions }) {
  return { message, path, extensions };
}

// results gathers a source's results until it ends or, for a query (whose
// source stays open), until a result says nothing more will follow.
function results(source) {
  return new Promise((resolve) => {
    const seen = [];
    const { unsubscribe } = pipe(
      source,
      onEnd(() => resolve(seen)),
      subscribe((r) => {
        seen.push({ data: structuredClone(r.data), hasNext: r.hasNext, error: r.error?.graphQLErrors.map(plain) });
        if (r.operation.kind === 'query' && !r.hasNext) {
          resolve(seen);
          Promise.resolve().then(() => unsubscribe());
        }
      }),
    );
  });
}

forEachCodec('urql', (server) => {
  test('query with variables and a default argument', async () => {
    const result = await urql(server())
      .query(
        gql`
          query ($name: String!, $limit: Int) {
            hello(name: $name)
            planets(limit: $limit) {
              name
            }
          }
        `,
        { name: 'urql', limit: 2 },
      )
      .toPromise();
    assert.equal(result.error, undefined);
    assert.deepEqual(result.data, { hello: 'Hello, urql!', planets: [{ name: 'Mercury' }, { name: 'Earth' }] });
  });

  test('mutation with an input object', async () => {
    const result = await urql(server())
      .mutation(
        gql`
          mutation ($input: NewPlanet!) {
            addPlanet(input: $input) {
              code
              kind
              massKg
              moons {
                name
              }
            }
          }
        `,
        { input: { code: 'URQL', name: 'Urqlia', kind: 'ICE', massKg: 1.5, moons: [{ name: 'Wonka', radiusKm: 3 }] } },
      )
      .toPromise();
    assert.equal(result.error, undefined);
    assert.deepEqual(result.data, { addPlanet: { code: 'URQL', kind: 'ICE', massKg: 1.5, moons: [{ name: 'Wonka' }] } });
  });

  test('CSRF prevention: JSON POSTs need no header, GET queries do', async () => {
    const bare = (extra) => urql(server(), { fetchOptions: {}, ...extra });
    const hello = gql`
      {
        hello(name: "csrf")
      }
    `;
    assert.deepEqual(await results(bare({ preferGetMethod: false }).query(hello)), [
      { data: { hello: 'Hello, csrf!' }, hasNext: false, error: undefined },
    ]);
    const [refused] = await results(bare({ preferGetMethod: 'force' }).query(hello));
    assert.equal(refused.data, null);
    assert.deepEqual(refused.error.map((e) => e.extensions), [{ code: 'BAD_REQUEST' }]);
    assert.match(refused.error[0].message, /^request refused as a possible cross-site request forgery/);
  });

  test('errors: message, path, extensions, and the partial data', async () => {
    const result = await urql(server())
      .query(gql`
        {
          a: hello(name: "ok")
          b: explode(code: "URQL_ERR")
        }
      `)
      .toPromise();
    assert.deepEqual(result.data, { a: 'Hello, ok!', b: null });
    assert.deepEqual(
      result.error.graphQLErrors.map(plain),
      [
        {
          message: 'exploded with URQL_ERR',
          path: ['b'],
          extensions: { code: 'URQL_ERR', attempt: 1 },
        },
      ],
    );
  });

  const deferred = gql`
    {
      planet(code: "NEPTUNE") {
        name
        ... @defer {
          moons {
            name
          }
        }
      }
    }
  `;

  test('@defer over POST (answered as SSE): initial payload, then the rest', async () => {
    const seen = await results(urql(server(), { preferGetMethod: false }).query(deferred));
    assert.deepEqual(seen, [
      // The deferred field reads null until it arrives, as upstream gqlgen writes it.
      { data: { planet: { name: 'Neptune', moons: null } }, hasNext: true, error: undefined },
      { data: { planet: { name: 'Neptune', moons: [{ name: 'Triton' }] } }, hasNext: false, error: undefined },
    ]);
  });

  test('@defer over GET, as urql sends short queries: every payload, streamed', async () => {
    // Upstream gqlgen v0.17.98 answers a GET with the initial payload only,
    // and urql waits forever; the GET transport streams the rest.
    const seen = await results(urql(server(), { preferGetMethod: 'force' }).query(deferred));
    assert.deepEqual(seen, [
      { data: { planet: { name: 'Neptune', moons: null } }, hasNext: true, error: undefined },
      { data: { planet: { name: 'Neptune', moons: [{ name: 'Triton' }] } }, hasNext: false, error: undefined },
    ]);
  });

  test('@defer over GET on the wire: events', async () => {
    const url = new URL(server().url);
    url.searchParams.set('query', '{ planet(code: "NEPTUNE") { name ... @defer { moons { name } } } }');
    const res = await fetch(url, { headers: { Accept: 'text/event-stream', ...preflight } });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/event-stream');
    const events = (await res.text()).split('\n\n').filter((e) => e.startsWith('event: '));
    assert.deepEqual(events.map((e) => e.split('\n')[0]), ['event: next', 'event: next', 'event: complete']);
  });

  test('subscription over graphql-ws (subscriptionExchange)', async () => {
    const ws = createWSClient({ url: server().wsUrl, webSocketImpl: WebSocket, retryAttempts: 0 });
    try {
      const client = new Client({
        url: server().url,
        exchanges: [
          subscriptionExchange({
            forwardSubscription(request) {
              const input = { ...request, query: request.query || '' };
              return { subscribe: (sink) => ({ unsubscribe: ws.subscribe(input, sink) }) };
            },
          }),
          fetchExchange,
        ],
      });
      const seen = await results(
        client.subscription(
          gql`
            subscription ($n: Int!) {
              planetFeed(n: $n) {
                name
              }
            }
          `,
          { n: 3 },
        ),
      );
      // urql repeats the last result with hasNext false when the stream completes.
      assert.deepEqual(seen, [
        { data: { planetFeed: { name: 'Mercury' } }, hasNext: true, error: undefined },
        { data: { planetFeed: { name: 'Earth' } }, hasNext: true, error: undefined },
        { data: { planetFeed: { name: 'Jupiter' } }, hasNext: true, error: undefined },
        { data: { planetFeed: { name: 'Jupiter' } }, hasNext: false, error: undefined },
      ]);
    } finally {
      await ws.dispose();
    }
  });

  test('subscription over SSE (fetchSubscriptions)', async () => {
    const client = urql(server(), { fetchSubscriptions: true });
    const seen = await results(
      client.subscription(
        gql`
          subscription {
            countdown(from: 3)
          }
        `,
      ),
    );
    assert.deepEqual(seen, [
      { data: { countdown: 3 }, hasNext: true, error: undefined },
      { data: { countdown: 2 }, hasNext: true, error: undefined },
      { data: { countdown: 1 }, hasNext: true, error: undefined },
      { data: { countdown: 1 }, hasNext: false, error: undefined },
    ]);
  });
});
