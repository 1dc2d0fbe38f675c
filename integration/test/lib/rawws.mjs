// A websocket peer that reads messages in order, for checking the exact
// frames of a subprotocol.
import WebSocket from 'ws';

// connect opens url with the given subprotocol and resolves once open.
export async function connect(url, protocol) {
  const ws = new WebSocket(url, protocol);
  const queue = [];
  const waiters = [];
  let closeEvent;
  const closed = new Promise((resolve) => {
    ws.on('close', (code, reason) => {
      closeEvent = { code, reason: reason.toString() };
      for (const w of waiters.splice(0)) w.reject(new Error(`closed ${code} ${closeEvent.reason} while waiting for a message`));
      resolve(closeEvent);
    });
  });
  ws.on('message', (data) => {
    const msg = JSON.parse(data.toString());
    const w = waiters.shift();
    if (w) w.resolve(msg);
    else queue.push(msg);
  });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return {
    protocol: ws.protocol,
    send(msg) {
      ws.send(JSON.stringify(msg));
    },
    // next resolves with the next message; it rejects when the connection
    // closes first.
    next() {
      if (queue.length) return Promise.resolve(queue.shift());
      if (closeEvent) return Promise.reject(new Error(`closed ${closeEvent.code} ${closeEvent.reason}`));
      return new Promise((resolve, reject) => waiters.push({ resolve, reject }));
    },
    // nextOfType skips messages of other types (keep-alives).
    async nextNot(type) {
      for (;;) {
        const msg = await this.next();
        if (msg.type !== type) return msg;
      }
    },
    closed,
    close() {
      ws.close(1000);
      return closed;
    },
  };
}
