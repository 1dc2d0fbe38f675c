// Trusted documents with Apollo's own tools: a manifest that
// @apollo/generate-persisted-query-manifest writes from the small client in
// trusteddocs/client (loaded by the server as the tool wrote it), and Apollo
// Client with its persisted-queries link and @apollo/persisted-query-lists,
// which sends only each operation's id from that manifest. The server
// (extension.TrustedDocuments before APQ) runs in each mode; a manifest
// with an operation the schema does not have stops it from starting.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { ApolloClient, ApolloLink, CombinedGraphQLErrors, HttpLink, InMemoryCache, gql } from '@apollo/client';
import { PersistedQueryLink } from '@apollo/client/link/persisted-queries';
import { generatePersistedQueryIdsFromManifest } from '@apollo/persisted-query-lists';
import { forEachCodec, startServer } from './lib/server.mjs';

const moduleDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const work = mkdtempSync(join(tmpdir(), 'trusteddocs-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));

// generateManifest runs the npm tool on the .graphql files of dir (under
// test/trusteddocs) and returns the manifest's path.
function generateManifest(dir) {
  const output = join(work, `${dir}.json`);
  const config = join(work, `${dir}.config.json`);
  writeFileSync(config, JSON.stringify({ documents: [`test/trusteddocs/${dir}/**/*.graphql`], output }));
  execFileSync(
    process.execPath,
    [join(moduleDir, 'node_modules/@apollo/generate-persisted-query-manifest/cli.js'), '--config', config],
    { cwd: moduleDir, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  return output;
}

const manifestPath = generateManifest('client');
const staleManifestPath = generateManifest('stale');
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const idOf = Object.fromEntries(manifest.operations.map((op) => [op.name, op.id]));

// The client's documents, as its source files hold them.
const source = (name) => readFileSync(join(moduleDir, 'test/trusteddocs/client', name), 'utf8');
const fragments = source('fragments.graphql');
const GetPlanet = gql(source('planet.graphql') + fragments);
const AddPlanet = gql(source('addplanet.graphql') + fragments);
const Greeting = gql(source('greeting.graphql'));

// client is Apollo Client with the persisted-queries link on the manifest;
// sent collects every request body it puts on the wire.
function client(server) {
  const sent = [];
  const fetchSpy = async (url, init) => {
    sent.push(JSON.parse(init.body));
    return fetch(url, init);
  };
  const persisted = new PersistedQueryLink(generatePersistedQueryIdsFromManifest({ loadManifest: () => manifest }));
  const apollo = new ApolloClient({
    link: ApolloLink.from([persisted, new HttpLink({ uri: server.url, fetch: fetchSpy })]),
    cache: new InMemoryCache(),
    defaultOptions: { query: { fetchPolicy: 'no-cache' } },
  });
  return { apollo, sent };
}

async function post(server, body) {
  const res = await fetch(server.url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

const persistedQuery = (sha256Hash) => ({ persistedQuery: { version: 1, sha256Hash } });
const unknownHash = 'c0ffee'.padEnd(64, '0');
const required = {
  errors: [
    {
      message:
        "only trusted documents are served: send a document's id (extensions.persistedQuery.sha256Hash or documentId)",
      extensions: { code: 'TRUSTED_DOCUMENT_REQUIRED' },
    },
  ],
  data: null,
};
const notFound = (id) => ({
  errors: [{ message: `unknown trusted document "${id}"`, extensions: { code: 'TRUSTED_DOCUMENT_NOT_FOUND' } }],
  data: null,
});

// The client's operations, run through Apollo Client: each request carries
// only the manifest id of its operation, never the text.
async function runClientOperations(server, code) {
  const { apollo, sent } = client(server);
  const greeting = await apollo.query({ query: Greeting, variables: { name: 'Ada' } });
  assert.deepEqual(greeting.data, { hello: 'Hello, Ada!' });
  const earth = await apollo.query({ query: GetPlanet, variables: { code: 'EARTH' } });
  assert.deepEqual(earth.data.planet, {
    __typename: 'Planet',
    code: 'EARTH',
    name: 'Earth',
    kind: 'ROCKY',
    moons: [{ __typename: 'Moon', name: 'Moon' }],
  });
  const added = await apollo.mutate({
    mutation: AddPlanet,
    variables: { input: { code, name: 'Trusted', kind: 'ICE' } },
  });
  assert.deepEqual(added.data.addPlanet, { __typename: 'Planet', code, name: 'Trusted', kind: 'ICE' });

  assert.deepEqual(
    sent.map((body) => [body.operationName, body.query, body.extensions.persistedQuery.sha256Hash]),
    [
      ['Greeting', undefined, idOf.Greeting],
      ['GetPlanet', undefined, idOf.GetPlanet],
      ['AddPlanet', undefined, idOf.AddPlanet],
    ],
  );
}

test('the manifest is the npm tool\'s, with the client\'s operations', () => {
  assert.equal(manifest.format, 'apollo-persisted-query-manifest');
  assert.deepEqual(manifest.operations.map((op) => [op.name, op.type]).sort(), [
    ['AddPlanet', 'mutation'],
    ['GetPlanet', 'query'],
    ['Greeting', 'query'],
  ]);
});

forEachCodec(
  'Trusted documents, enforce',
  (server, tag) => {
    test('Apollo Client runs the client\'s operations by id alone', async () => {
      await runClientOperations(server(), `TRUSTED_${tag.toUpperCase()}`);
    });

    test('a documentId, bare or prefixed, is served from the manifest', async () => {
      for (const documentId of [idOf.Greeting, `sha256:${idOf.Greeting}`]) {
        const res = await post(server(), { documentId, variables: { name: 'Grace' } });
        assert.equal(res.status, 200);
        assert.deepEqual(res.body, { data: { hello: 'Hello, Grace!' } });
      }
    });

    test('a free-form query is refused, and nothing runs', async () => {
      const res = await post(server(), { query: 'mutation { addPlanet(input: {code: "X", name: "X", kind: ICE}) { code } }' });
      assert.equal(res.status, 422);
      assert.deepEqual(res.body, required);
      const check = await post(server(), { documentId: idOf.GetPlanet, variables: { code: 'X' } });
      assert.deepEqual(check.body, { data: { planet: null } }, 'the refused mutation did not run');
    });

    test('an unknown hash is refused, and APQ does not register it', async () => {
      let res = await post(server(), { extensions: persistedQuery(unknownHash) });
      assert.equal(res.status, 422);
      assert.deepEqual(res.body, notFound(unknownHash));
      res = await post(server(), { query: '{ hello(name: "x") }', extensions: persistedQuery(unknownHash) });
      assert.deepEqual(res.body, notFound(unknownHash));
      res = await post(server(), { extensions: persistedQuery(unknownHash) });
      assert.deepEqual(res.body, notFound(unknownHash));
    });

    test('Apollo Client without the link: the manifest\'s text is served, other text refused', async () => {
      const apollo = new ApolloClient({ link: new HttpLink({ uri: server().url }), cache: new InMemoryCache() });
      const served = await apollo.query({ query: Greeting, variables: { name: 'Ada' }, fetchPolicy: 'no-cache' });
      assert.equal(served.error, undefined);
      assert.deepEqual(served.data, { hello: 'Hello, Ada!' });
      const other = gql`
        query Other {
          hello(name: "other")
        }
      `;
      const refused = apollo.query({ query: other, fetchPolicy: 'no-cache' });
      await assert.rejects(refused, (err) => {
        assert.ok(CombinedGraphQLErrors.is(err), `not CombinedGraphQLErrors: ${err}`);
        assert.deepEqual(err.errors, required.errors);
        return true;
      });
    });

    test('nothing is logged when enforcing', () => {
      assert.doesNotMatch(server().stderr(), /not a trusted document/);
    });
  },
  ['-trusted-documents', manifestPath, '-trusted-documents-mode', 'enforce'],
);

forEachCodec(
  'Trusted documents, log',
  (server, tag) => {
    test('Apollo Client runs the client\'s operations by id alone, and nothing is logged', async () => {
      await runClientOperations(server(), `LOGGED_${tag.toUpperCase()}`);
      assert.doesNotMatch(server().stderr(), /not a trusted document/);
    });

    test('a free-form query is answered and logged', async () => {
      const res = await post(server(), { query: 'query FreeForm { hello(name: "log") }' });
      assert.equal(res.status, 200);
      assert.deepEqual(res.body, { data: { hello: 'Hello, log!' } });
      assert.match(
        server().stderr(),
        /WARN GraphQL operation is not a trusted document operationName="" query="query FreeForm \{ hello\(name: \\"log\\"\) \}"/,
      );
    });

    test('an unknown hash is left to APQ, and logged when it runs', async () => {
      const query = '{ hello(name: "apq") }';
      const hash = createHash('sha256').update(query).digest('hex');
      let res = await post(server(), { extensions: persistedQuery(hash) });
      assert.equal(res.body.errors[0].message, 'PersistedQueryNotFound');
      res = await post(server(), { query, extensions: persistedQuery(hash) });
      assert.deepEqual(res.body, { data: { hello: 'Hello, apq!' } });
      res = await post(server(), { extensions: persistedQuery(hash) });
      assert.deepEqual(res.body, { data: { hello: 'Hello, apq!' } });
      const lines = server().stderr().split('\n').filter((l) => l.includes('query="{ hello(name: \\"apq\\") }"'));
      assert.equal(lines.length, 2, server().stderr());
    });

    test('an unknown documentId is refused: nothing else resolves it', async () => {
      const res = await post(server(), { documentId: 'nope' });
      assert.equal(res.status, 422);
      assert.deepEqual(res.body, notFound('nope'));
    });
  },
  ['-trusted-documents', manifestPath, '-trusted-documents-mode', 'log'],
);

forEachCodec(
  'Trusted documents, off',
  (server) => {
    test('ids are served, free-form queries answered, nothing logged', async () => {
      let res = await post(server(), { extensions: persistedQuery(idOf.Greeting), variables: { name: 'Off' } });
      assert.deepEqual(res.body, { data: { hello: 'Hello, Off!' } });
      res = await post(server(), { query: '{ hello(name: "free") }' });
      assert.deepEqual(res.body, { data: { hello: 'Hello, free!' } });
      assert.doesNotMatch(server().stderr(), /not a trusted document/);
    });
  },
  ['-trusted-documents', manifestPath, '-trusted-documents-mode', 'off'],
);

forEachCodec('Trusted documents, a stale manifest', (_server, _tag, bin) => {
  test('the server does not start, and names the operation', async () => {
    await assert.rejects(
      startServer(bin, ['-trusted-documents', staleManifestPath]),
      (err) => {
        assert.match(err.message, /server exited \(1\) before it was ready/);
        assert.match(
          err.message,
          /trusted document "[0-9a-f]{64}" \(operation StalePlanet\) does not validate against the schema: .*Cannot query field "diameterKm" on type "Planet"/,
        );
        return true;
      },
    );
  });
});
