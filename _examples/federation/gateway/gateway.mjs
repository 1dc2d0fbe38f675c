// The federation example's gateway: fetches each subgraph's SDL through its
// _service query, composes the supergraph with @apollo/composition, and
// serves it with @apollo/gateway on @apollo/server.
//
//   node gateway.mjs accounts=http://127.0.0.1:4001/query \
//     products=http://127.0.0.1:4002/query reviews=http://127.0.0.1:4003/query
//
// serves the supergraph at http://127.0.0.1:4000/ (PORT changes the port)
// until interrupted. With --queries FILE (a JSON object: name -> query) it
// instead listens on a free port, sends each query over HTTP, prints one
// JSON document {"composition": {"hints": [...]}, "results": {name:
// response}} to stdout and exits: that is how the Go test drives it.
// Composition errors are printed to stderr and exit with status 2.
import { readFile } from 'node:fs/promises';
import { composeServices } from '@apollo/composition';
import { ApolloGateway } from '@apollo/gateway';
import { ApolloServer } from '@apollo/server';
import { startStandaloneServer } from '@apollo/server/standalone';
import { parse } from 'graphql';

const TIMEOUT_MS = 20_000;

function parseArgs(argv) {
  const subgraphs = [];
  let queries = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--queries') {
      queries = argv[++i];
      if (!queries) throw new Error('--queries needs a file name');
      continue;
    }
    const eq = arg.indexOf('=');
    if (eq <= 0) throw new Error(`expected name=url, got ${JSON.stringify(arg)}`);
    subgraphs.push({ name: arg.slice(0, eq), url: arg.slice(eq + 1) });
  }
  if (subgraphs.length === 0) throw new Error('no subgraphs given (name=url ...)');
  return { subgraphs, queries };
}

async function post(url, body) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}: ${text}`);
  return JSON.parse(text);
}

async function fetchSDL({ name, url }) {
  const res = await post(url, { query: '{ _service { sdl } }' });
  const sdl = res?.data?._service?.sdl;
  if (typeof sdl !== 'string') {
    throw new Error(`${name}: _service { sdl } answered ${JSON.stringify(res)}`);
  }
  return { name, url, typeDefs: parse(sdl) };
}

async function main() {
  const { subgraphs, queries } = parseArgs(process.argv.slice(2));
  const services = await Promise.all(subgraphs.map(fetchSDL));

  const composed = composeServices(services);
  if (composed.errors?.length) {
    for (const err of composed.errors) {
      console.error(`composition error [${err.extensions?.code ?? 'UNKNOWN'}]: ${err.message}`);
    }
    process.exit(2);
  }
  const hints = composed.hints.map((h) => ({ code: h.definition.code, message: h.message }));
  for (const h of hints) console.error(`composition hint [${h.code}]: ${h.message}`);

  const server = new ApolloServer({
    gateway: new ApolloGateway({ supergraphSdl: composed.supergraphSdl }),
  });
  const port = queries ? 0 : Number(process.env.PORT ?? 4000);
  const { url } = await startStandaloneServer(server, { listen: { host: '127.0.0.1', port } });

  if (!queries) {
    console.log(`gateway: supergraph of ${subgraphs.map((s) => s.name).join(', ')} at ${url}`);
    const stop = async () => {
      await server.stop();
      process.exit(0);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    return;
  }

  const results = {};
  try {
    const list = JSON.parse(await readFile(queries, 'utf8'));
    for (const [name, query] of Object.entries(list)) {
      results[name] = await post(url, { query });
    }
  } finally {
    await server.stop();
  }
  process.stdout.write(JSON.stringify({ composition: { hints }, results }) + '\n');
}

main().catch((err) => {
  console.error(err?.stack ?? String(err));
  process.exit(1);
});
