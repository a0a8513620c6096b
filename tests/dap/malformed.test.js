// Bad input to `clstep-cli dap`: malformed headers and JSON, non-requests, unknown and
// out-of-order requests each get an error response, and the adapter keeps serving.
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const cp = require('node:child_process');

const CLI = process.env.CLSTEP_CLI;

/** A raw connection: send() writes bytes, next() resolves with the next message. */
function connect() {
  const proc = cp.spawn(CLI, ['dap'], { stdio: ['pipe', 'pipe', 'inherit'] });
  let buffer = Buffer.alloc(0);
  const queue = [];
  const waiting = [];
  proc.stdout.on('data', (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    while (true) {
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const m = /Content-Length: (\d+)/.exec(buffer.slice(0, end).toString());
      assert.ok(m, 'every message the adapter sends has a Content-Length');
      const len = Number(m[1]);
      if (buffer.length < end + 4 + len) return;
      const msg = JSON.parse(buffer.slice(end + 4, end + 4 + len).toString());
      buffer = buffer.slice(end + 4 + len);
      if (waiting.length) waiting.shift()(msg);
      else queue.push(msg);
    }
  });
  const next = () => new Promise((resolve, reject) => {
    if (queue.length) return resolve(queue.shift());
    const timer = setTimeout(() => reject(new Error('no answer from the adapter')), 10000);
    waiting.push((m) => { clearTimeout(timer); resolve(m); });
  });
  const raw = (text) => proc.stdin.write(text);
  const send = (obj) => {
    const body = Buffer.from(JSON.stringify(obj));
    raw(`Content-Length: ${body.length}\r\n\r\n`);
    raw(body);
  };
  return { proc, next, raw, send };
}

test('malformed input gets error responses and the adapter keeps running', async () => {
  const c = connect();
  try {
    c.raw('Content-Length: 9\r\n\r\n{"seq": 1');
    let r = await c.next();
    assert.strictEqual(r.type, 'response');
    assert.strictEqual(r.success, false);
    assert.match(r.message, /malformed JSON/);

    c.raw('X-Nonsense: 1\r\n\r\n');
    r = await c.next();
    assert.strictEqual(r.success, false);
    assert.match(r.message, /Content-Length/);

    c.raw('Content-Length: twelve\r\n\r\n');
    r = await c.next();
    assert.strictEqual(r.success, false);

    c.send([1, 2, 3]);
    r = await c.next();
    assert.match(r.message, /not a DAP request/);

    c.send({ seq: 2, type: 'request', command: 'next', arguments: { threadId: 1 } });
    r = await c.next();
    assert.strictEqual(r.request_seq, 2);
    assert.strictEqual(r.success, false);
    assert.match(r.message, /first request must be 'initialize'/);

    c.send({ seq: 3, type: 'request', command: 'initialize', arguments: { adapterID: 'clstep' } });
    r = await c.next();
    assert.strictEqual(r.request_seq, 3);
    assert.strictEqual(r.success, true);
    assert.strictEqual(r.body.supportsDataBreakpoints, true);

    c.send({ seq: 4, type: 'request', command: 'fly', arguments: {} });
    r = await c.next();
    assert.strictEqual(r.success, false);
    assert.match(r.message, /unknown request 'fly'/);

    for (const command of ['stackTrace', 'variables', 'readMemory', 'configurationDone', 'pause', 'stepBack']) {
      c.send({ seq: 5, type: 'request', command, arguments: {} });
      r = await c.next();
      assert.strictEqual(r.command, command);
      assert.strictEqual(r.success, false, command);
      assert.match(r.message, /launch/);
    }

    c.send({ seq: 6, type: 'request', command: 'launch', arguments: { program: 42 } });
    r = await c.next();
    assert.strictEqual(r.success, false);
    assert.match(r.message, /'program' must be a string/);

    c.send({ seq: 7, type: 'request', command: 'disconnect', arguments: {} });
    r = await c.next();
    assert.strictEqual(r.success, true);
    const code = await new Promise((resolve) => c.proc.on('exit', resolve));
    assert.strictEqual(code, 0);
  } finally {
    c.proc.kill();
  }
});
