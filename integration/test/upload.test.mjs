// File uploads with the GraphQL multipart request spec, sent with fetch and
// FormData as browser clients send them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachCodec } from './lib/server.mjs';

const fields = 'label filename contentType size content';

// upload posts operations, map and the files (an object of key → File) as
// multipart/form-data and returns the status and the body text.
async function upload(server, operations, map, files) {
  const form = new FormData();
  form.append('operations', JSON.stringify(operations));
  form.append('map', JSON.stringify(map));
  for (const [key, file] of Object.entries(files)) form.append(key, file);
  const res = await fetch(server.url, { method: 'POST', body: form });
  return { status: res.status, body: await res.text() };
}

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
});
