// File uploads with the GraphQL multipart request spec, sent with fetch and
// FormData as browser clients send them, and with Apollo Client's upload
// link (apollo-upload-client). The server's CSRFPrevention lets multipart
// requests through only with a preflight header, which both send.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ApolloClient, InMemoryCache, gql } from '@apollo/client';
import UploadHttpLink from 'apollo-upload-client/UploadHttpLink.mjs';
import { forEachCodec, preflight } from './lib/server.mjs';

const fields = 'label filename contentType size content';

// upload posts operations, map and the files (an object of key → File) as
// multipart/form-data to url (default server.url) with the preflight header
// (headers replaces it) and returns the status and the body text.
async function upload(server, operations, map, files, { url = server.url, headers = preflight } = {}) {
  const form = new FormData();
  form.append('operations', JSON.stringify(operations));
  form.append('map', JSON.stringify(map));
  for (const [key, file] of Object.entries(files)) form.append(key, file);
  const res = await fetch(url, { method: 'POST', body: form, headers });
  return { status: res.status, body: await res.text() };
}

const csrfRefusal =
  '{"errors":[{"message":"request refused as a possible cross-site request forgery: send it with a Content-Type ' +
  'other than application/x-www-form-urlencoded, multipart/form-data and text/plain, or with a non-empty ' +
  'X-Apollo-Operation-Name or Apollo-Require-Preflight header","extensions":{"code":"BAD_REQUEST"}}],"data":null}';

forEachCodec('multipart file upload', (server) => {
  test('one file and a plain variable', async () => {
    const { status, body } = await upload(
      server(),
      {
        query: `mutation($file: Upload!, $label: String) { uploadFile(file: $file, label: $label) { ${fields} } }`,
        variables: { file: null, label: 'notes' },
      },
      { 0: ['variables.file'] },
      { 0: new File(['hello <upload> & co\n'], 'hello.txt', { type: 'text/plain' }) },
    );
    assert.equal(status, 200);
    assert.equal(
      body,
      '{"data":{"uploadFile":{"label":"notes","filename":"hello.txt","contentType":"text/plain","size":20,' +
        '"content":"hello \\u003cupload\\u003e \\u0026 co\\n"}}}',
    );
  });

  test('a list of files, one of them binary with a non-ASCII name', async () => {
    const binary = new Uint8Array([0x00, 0x01, 0x7f, 0xe2, 0x82, 0xac, 0xff, 0x41]);
    const { status, body } = await upload(
      server(),
      { query: `mutation($files: [Upload!]!) { uploadFiles(files: $files) { ${fields} } }`, variables: { files: [null, null] } },
      { a: ['variables.files.0'], b: ['variables.files.1'] },
      {
        a: new File(['{"json": true}'], 'data.json', { type: 'application/json' }),
        b: new File([binary], 'päckchen €.bin', { type: 'application/octet-stream' }),
      },
    );
    assert.equal(status, 200);
    // Invalid UTF-8 in a string becomes U+FFFD, the same with every codec.
    assert.equal(
      body,
      '{"data":{"uploadFiles":[' +
        '{"label":null,"filename":"data.json","contentType":"application/json","size":14,"content":"{\\"json\\": true}"},' +
        '{"label":null,"filename":"päckchen €.bin","contentType":"application/octet-stream","size":8,' +
        '"content":"\\u0000\\u0001\u007f€\ufffdA"}]}}',
    );
  });

  test('one file mapped to two variables', async () => {
    const { status, body } = await upload(
      server(),
      { query: 'mutation($files: [Upload!]!) { uploadFiles(files: $files) { filename content } }', variables: { files: [null, null] } },
      { f: ['variables.files.0', 'variables.files.1'] },
      { f: new File(['twice'], 'twice.txt', { type: 'text/plain' }) },
    );
    assert.equal(status, 200);
    assert.equal(
      body,
      '{"data":{"uploadFiles":[{"filename":"twice.txt","content":"twice"},{"filename":"twice.txt","content":"twice"}]}}',
    );
  });

  test('a map entry without its file is refused', async () => {
    const { status, body } = await upload(
      server(),
      { query: `mutation($file: Upload!) { uploadFile(file: $file) { size } }`, variables: { file: null } },
      { 0: ['variables.file'] },
      {},
    );
    assert.equal(status, 422);
    assert.equal(body, '{"errors":[{"message":"failed to get key 0 from form"}],"data":null}');
  });

  test('a map path outside the variables is refused', async () => {
    const { status, body } = await upload(
      server(),
      { query: `mutation($file: Upload!) { uploadFile(file: $file) { size } }`, variables: { file: null } },
      { 0: ['query'] },
      { 0: new File(['x'], 'x.txt', { type: 'text/plain' }) },
    );
    assert.equal(status, 422);
    assert.equal(body, '{"errors":[{"message":"invalid operations paths for key 0"}],"data":null}');
  });

  test('Apollo Client upload link with Apollo-Require-Preflight (without it: refused)', async () => {
    const sent = [];
    const fetchSpy = (url, init) => {
      sent.push({ multipart: init.body instanceof FormData, preflight: init.headers['apollo-require-preflight'] });
      return fetch(url, init);
    };
    const client = (headers) =>
      new ApolloClient({ link: new UploadHttpLink({ uri: server().url, headers, fetch: fetchSpy }), cache: new InMemoryCache() });
    const { data } = await client(preflight).mutate({
      mutation: gql`
        mutation Up($file: Upload!) {
          uploadFile(file: $file, label: "apollo") {
            label
            filename
            contentType
            size
            content
          }
        }
      `,
      variables: { file: new File(['from the upload link'], 'link.txt', { type: 'text/plain' }) },
    });
    assert.deepEqual(data.uploadFile, {
      __typename: 'FileInfo',
      label: 'apollo',
      filename: 'link.txt',
      contentType: 'text/plain',
      size: 20,
      content: 'from the upload link',
    });
    await assert.rejects(
      client({}).mutate({
        mutation: gql`
          mutation Up($file: Upload!) {
            uploadFile(file: $file) {
              size
            }
          }
        `,
        variables: { file: new File(['x'], 'x.txt') },
      }),
      (err) => err.statusCode === 400 && err.bodyText === csrfRefusal,
    );
    assert.deepEqual(sent, [
      { multipart: true, preflight: 'true' },
      { multipart: true, preflight: undefined },
    ]);
  });

  test('CSRF prevention: without the header an upload is refused, and runs on the unprotected endpoint', async () => {
    const args = [
      { query: `mutation($file: Upload!) { uploadFile(file: $file) { size } }`, variables: { file: null } },
      { 0: ['variables.file'] },
      { 0: new File(['x'], 'x.txt', { type: 'text/plain' }) },
    ];
    const refused = await upload(server(), ...args, { headers: {} });
    assert.deepEqual(refused, { status: 400, body: csrfRefusal });
    const open = await upload(server(), ...args, { url: server().unprotectedUrl, headers: {} });
    assert.deepEqual(open, { status: 200, body: '{"data":{"uploadFile":{"size":1}}}' });
  });
});
