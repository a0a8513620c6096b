// Tests of `clstep-cli dap` with a real DAP client: DebugClient of
// @vscode/debugadapter-testsupport, run by CTest with `node --test` (Debian's nodejs).
// Environment: CLSTEP_CLI (path of clstep-cli), CLSTEP_SOURCE_DIR (source root).
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const path = require('node:path');
const { DebugClient } = require('@vscode/debugadapter-testsupport');

const CLI = process.env.CLSTEP_CLI;
const ROOT = process.env.CLSTEP_SOURCE_DIR || path.resolve(__dirname, '../..');
assert.ok(CLI, 'CLSTEP_CLI must name clstep-cli');
const RACE_SIM = path.join(ROOT, 'samples/reduction_race.sim');
const RACE_CL = path.join(ROOT, 'samples/reduction_race.cl');
const SPACES_CL = path.join(__dirname, 'spaces.cl');
const SPACES = {
  program: SPACES_CL, kernel: 'spaces', global: 16, local: [8],
  arg: ['<size=64 int range=1:1:16>', '<size=64 int fill=0 dump>', '<size=4 int fill=10>'],
};

/**
 * The next `stopped` event of `dc`; a second delivery of an event already taken (same seq)
 * fails (it would mean interleaved output from the adapter's threads).
 */
function waitStop(dc, timeout = 20000) {
  return new Promise((resolve, reject) => {
    const on = (e) => {
      if (e.seq <= (dc.lastStopSeq || 0)) {
        reject(new Error(`stopped event seq ${e.seq} delivered twice`));
        return;
      }
      dc.lastStopSeq = e.seq;
      clearTimeout(timer);
      dc.removeListener('stopped', on);
      resolve(e);
    };
    const timer = setTimeout(() => {
      dc.removeListener('stopped', on);
      reject(new Error(`no stopped event after ${timeout} ms`));
    }, timeout);
    dc.on('stopped', on);
  });
}

/** Starts the adapter and initializes it. */
async function client() {
  const dc = new DebugClient(CLI, 'dap', 'clstep');
  await dc.start();
  const init = await dc.initializeRequest({ adapterID: 'clstep', linesStartAt1: true, columnsStartAt1: true });
  assert.strictEqual(init.body.supportsStepBack, true);
  return dc;
}

/** launch, breakpoints (in `file`), configurationDone; resolves with the first stopped event. */
async function start(dc, args, breakpoints = [], file = RACE_CL) {
  const stopped = waitStop(dc);
  const initialized = dc.waitForEvent('initialized');
  await dc.launchRequest(args);
  await initialized;
  if (breakpoints.length) {
    const r = await dc.setBreakpointsRequest({ source: { path: file }, breakpoints });
    for (const b of r.body.breakpoints) assert.ok(b.verified, JSON.stringify(b));
  }
  await dc.configurationDoneRequest();
  return (await stopped).body;
}

async function topFrame(dc, threadId) {
  const st = await dc.stackTraceRequest({ threadId });
  return st.body.stackFrames[0];
}

async function evaluate(dc, expression, frameId, context = 'watch') {
  const r = await dc.evaluateRequest({ expression, frameId, context });
  return r.body.result;
}

async function expectError(promise, pattern) {
  await assert.rejects(promise, (e) => {
    assert.match(String(e.message), pattern);
    return true;
  });
}

test('launch stops on entry; threads are the work-items of the selected work-group', async () => {
  const dc = await client();
  try {
    const stop = await start(dc, { program: RACE_SIM, stopOnEntry: true });
    assert.strictEqual(stop.reason, 'entry');
    const threads = (await dc.threadsRequest()).body.threads;
    assert.strictEqual(threads.length, 16);
    assert.match(threads[3].name, /work-item \(3,0,0\)/);
    const frame = await topFrame(dc, stop.threadId);
    assert.strictEqual(frame.source.path, RACE_CL);
    assert.strictEqual(frame.name, 'reduction_race');
    assert.strictEqual(frame.line, 10); // not started: at the kernel's line
    // the custom `clstep` request selects work-group 1: its work-items become the threads
    const stopped = waitStop(dc);
    const g = await dc.customRequest('clstep', { group: [1, 0, 0] });
    assert.deepStrictEqual(g.body.group, [1, 0, 0]);
    await stopped;
    const t2 = (await dc.threadsRequest()).body.threads;
    assert.match(t2[0].name, /work-item \(16,0,0\)/);
    await expectError(dc.customRequest('clstep', { group: [5, 0, 0] }), /no such work-group/);
  } finally {
    await dc.stop();
  }
});

test('a breakpoint with a condition stops where it holds; a hit condition counts hits', async () => {
  const dc = await client();
  try {
    const stop = await start(dc, { program: RACE_SIM, 'no-checks': true }, [{ line: 21, condition: 'lid == 3 && stride == 4' }]);
    assert.strictEqual(stop.reason, 'breakpoint');
    const frame = await topFrame(dc, stop.threadId);
    assert.strictEqual(frame.line, 21);
    assert.strictEqual(await evaluate(dc, 'lid', frame.id), '3');
    assert.strictEqual(await evaluate(dc, 'stride', frame.id), '4');
  } finally {
    await dc.stop();
  }
  const dc2 = await client();
  try {
    const stop = await start(dc2, { program: RACE_SIM, 'no-checks': true }, [{ line: 16, hitCondition: '3' }]);
    assert.strictEqual(stop.reason, 'breakpoint');
    const frame = await topFrame(dc2, stop.threadId);
    assert.strictEqual(await evaluate(dc2, 'get_local_id(0)', frame.id), '2');
    const bad = await dc2.setBreakpointsRequest({ source: { path: RACE_CL }, breakpoints: [{ line: 16, condition: 'nosuch > 1' }, { line: 17, hitCondition: 'often' }] });
    assert.strictEqual(bad.body.breakpoints[0].verified, false);
    assert.match(bad.body.breakpoints[0].message, /nosuch/);
    assert.strictEqual(bad.body.breakpoints[1].verified, false);
  } finally {
    await dc2.stop();
  }
});

test('next, stepIn, stepOut, stepBack and reverseContinue', async () => {
  const dc = await client();
  try {
    const stop = await start(dc, { program: RACE_SIM, stopOnEntry: true });
    const t = stop.threadId;
    let s = waitStop(dc);
    await dc.nextRequest({ threadId: t });
    assert.strictEqual((await s).body.reason, 'step');
    assert.strictEqual((await topFrame(dc, t)).line, 13); // from the kernel's line to its first statement
    s = waitStop(dc);
    await dc.stepInRequest({ threadId: t });
    await s;
    assert.strictEqual((await topFrame(dc, t)).line, 14);
    // another work-item steps on its own
    s = waitStop(dc);
    await dc.nextRequest({ threadId: 5 });
    assert.strictEqual((await s).body.threadId, 5);
    assert.strictEqual((await topFrame(dc, 5)).line, 13);
    assert.strictEqual((await topFrame(dc, t)).line, 14);
    // stepBack undoes the last step (and the selection of thread 5 with it)
    s = waitStop(dc);
    await dc.stepBackRequest({ threadId: 5 });
    await s;
    assert.strictEqual((await topFrame(dc, 5)).line, 10);
    assert.strictEqual((await topFrame(dc, t)).line, 14);
    s = waitStop(dc);
    await dc.stepBackRequest({ threadId: t });
    await s;
    assert.strictEqual((await topFrame(dc, t)).line, 13);
    s = waitStop(dc);
    await dc.stepOutRequest({ threadId: t });
    await s;
    // reverseContinue goes back to the start when no breakpoint stopped before
    s = waitStop(dc);
    await dc.send('reverseContinue', { threadId: t });
    await s;
    assert.strictEqual((await topFrame(dc, t)).line, 10);
    await expectError(dc.stepBackRequest({ threadId: t }), /nothing to step back to/);
  } finally {
    await dc.stop();
  }
});

test('a data race stops as an exception with both accesses', async () => {
  const dc = await client();
  try {
    const stop = await start(dc, { program: RACE_SIM });
    assert.strictEqual(stop.reason, 'exception');
    assert.match(stop.description, /data race/i);
    const info = await dc.exceptionInfoRequest({ threadId: stop.threadId });
    assert.strictEqual(info.body.exceptionId, 'data-race');
    const text = info.body.details.message;
    assert.match(text, /reduction_race\.cl:21/);
    assert.ok((text.match(/Global\(/g) || []).length >= 2, text);
    assert.ok(info.body.details.facts.first && info.body.details.facts.second);
    // with the exception filter off, the race no longer stops the run
  } finally {
    await dc.stop();
  }
  const dc2 = await client();
  try {
    const initialized = dc2.waitForEvent('initialized');
    await dc2.launchRequest({ program: RACE_SIM });
    await initialized;
    await dc2.setExceptionBreakpointsRequest({ filters: [] });
    const ended = dc2.waitForEvent('terminated');
    await dc2.configurationDoneRequest();
    await ended;
  } finally {
    await dc2.stop();
  }
});

test('one exception filter per diagnostic kind: break on data races, not uninitialized reads', async () => {
  const KINDS = {
    program: path.join(__dirname, 'kinds.cl'), kernel: 'kinds', global: 4, local: [4],
    arg: ['<size=20 int fill=0 dump>'],
  };
  const dc = new DebugClient(CLI, 'dap', 'clstep');
  await dc.start();
  try {
    const init = await dc.initializeRequest({ adapterID: 'clstep', linesStartAt1: true, columnsStartAt1: true });
    const filters = new Map(init.body.exceptionBreakpointFilters.map((f) => [f.filter, f]));
    // from the kinds table: name, doc line, default on for the kinds that are errors
    assert.strictEqual(filters.get('data-race').default, true);
    assert.match(filters.get('data-race').description, /conflicting accesses/);
    assert.strictEqual(filters.get('uninitialized-read').default, false);
    assert.strictEqual(filters.get('out-of-bounds').default, true);
    assert.ok(!filters.has('syntax-error') && !filters.has('launch'), [...filters.keys()].join(' '));
    const initialized = dc.waitForEvent('initialized');
    await dc.launchRequest(KINDS);
    await initialized;
    const r = await dc.setExceptionBreakpointsRequest({ filters: ['data-race', 'bogus'] });
    assert.deepStrictEqual(r.body.breakpoints.map((b) => b.verified), [true, false]);
    const stopped = waitStop(dc);
    await dc.configurationDoneRequest();
    const stop = (await stopped).body;
    assert.strictEqual(stop.reason, 'exception');
    const info = await dc.exceptionInfoRequest({ threadId: stop.threadId });
    assert.strictEqual(info.body.exceptionId, 'data-race'); // not the uninitialized read before
  } finally {
    await dc.stop();
  }
  // a warning's filter stops at it; the race, filtered out, does not stop the run
  const dc2 = await client();
  try {
    const initialized = dc2.waitForEvent('initialized');
    await dc2.launchRequest(KINDS);
    await initialized;
    await dc2.setExceptionBreakpointsRequest({ filters: ['uninitialized-read'] });
    const stopped = waitStop(dc2);
    await dc2.configurationDoneRequest();
    const stop = (await stopped).body;
    assert.strictEqual(stop.reason, 'exception');
    const info = await dc2.exceptionInfoRequest({ threadId: stop.threadId });
    assert.strictEqual(info.body.exceptionId, 'uninitialized-read');
    const ended = dc2.waitForEvent('terminated');
    await dc2.continueRequest({ threadId: stop.threadId });
    await ended;
  } finally {
    await dc2.stop();
  }
});

test('scopes per address space, variables with memory references, readMemory', async () => {
  const dc = await client();
  try {
    const stop = await start(dc, SPACES, [{ line: 12, condition: 'lid == 1' }], SPACES_CL);
    assert.strictEqual(stop.reason, 'breakpoint');
    const frame = await topFrame(dc, stop.threadId);
    const scopes = (await dc.scopesRequest({ frameId: frame.id })).body.scopes;
    assert.deepStrictEqual(scopes.map((s) => s.name), ['__private', '__local', '__global', '__constant']);
    const vars = {};
    for (const s of scopes)
      vars[s.name] = (await dc.variablesRequest({ variablesReference: s.variablesReference })).body.variables;
    const byName = (list, n) => list.find((v) => v.name === n);
    assert.strictEqual(byName(vars.__private, 'lid').value, '1');
    assert.strictEqual(byName(vars.__private, 'v').value, String(7 * 3 + 10)); // tile[6] + scale[0]
    assert.ok(byName(vars.__private, 'v').memoryReference);
    const tile = byName(vars.__local, 'tile');
    assert.ok(tile && tile.memoryReference, JSON.stringify(vars.__local));
    const tileItems = (await dc.variablesRequest({ variablesReference: tile.variablesReference })).body.variables;
    assert.strictEqual(tileItems.length, 8);
    assert.strictEqual(tileItems[1].value, String(2 * 2)); // in[1] * weights[1]
    assert.strictEqual(tileItems[1].evaluateName, 'tile[1]');
    const input = byName(vars.__global, 'in');
    assert.ok(input && input.memoryReference, JSON.stringify(vars.__global));
    const elements = (await dc.variablesRequest({ variablesReference: input.variablesReference })).body.variables;
    assert.strictEqual(elements.length, 16);
    assert.strictEqual(elements[15].value, '16');
    assert.ok(byName(vars.__global, 'out'));
    assert.ok(byName(vars.__constant, 'weights'), JSON.stringify(vars.__constant));
    assert.ok(byName(vars.__constant, 'scale'), JSON.stringify(vars.__constant));
    // readMemory: the bytes of `in` (little-endian ints 1..16)
    const mem = await dc.send('readMemory', { memoryReference: input.memoryReference, offset: 4, count: 8 });
    const bytes = Buffer.from(mem.body.data, 'base64');
    assert.strictEqual(bytes.length, 8);
    assert.strictEqual(bytes.readInt32LE(0), 2);
    assert.strictEqual(bytes.readInt32LE(4), 3);
    const past = await dc.send('readMemory', { memoryReference: input.memoryReference, offset: 60, count: 8 });
    assert.strictEqual(past.body.unreadableBytes, 4);
    await expectError(dc.send('readMemory', { memoryReference: 'nonsense', count: 4 }), /memory reference/);
  } finally {
    await dc.stop();
  }
});

test('evaluate for hover, watch and repl; errors with a hint', async () => {
  const dc = await client();
  try {
    const stop = await start(dc, SPACES, [{ line: 12, condition: 'lid == 2' }], SPACES_CL);
    const frame = await topFrame(dc, stop.threadId);
    assert.strictEqual(await evaluate(dc, 'gid', frame.id, 'hover'), '2');
    assert.strictEqual(await evaluate(dc, 'tile[lid] + weights[3]', frame.id, 'watch'), String(3 * 3 + 4));
    const r = await dc.evaluateRequest({ expression: 'in', frameId: frame.id, context: 'repl' });
    assert.ok(r.body.type.includes('*'), r.body.type);
    await expectError(dc.evaluateRequest({ expression: 'nosuch + 1', frameId: frame.id, context: 'repl' }), /nosuch/);
    await expectError(dc.evaluateRequest({ expression: 'lid = 3', frameId: frame.id, context: 'repl' }), /./);
  } finally {
    await dc.stop();
  }
});

test('data breakpoints are the session watchpoints', async () => {
  const dc = await client();
  try {
    const stop = await start(dc, { program: RACE_SIM, 'no-checks': true, stopOnEntry: true });
    for (let i = 0; i < 2; ++i) {
      const s = waitStop(dc);
      await dc.nextRequest({ threadId: stop.threadId });
      await s;
    }
    const frame = await topFrame(dc, stop.threadId);
    const info = await dc.send('dataBreakpointInfo', { name: 'partial[0]', frameId: frame.id });
    assert.strictEqual(info.body.dataId, 'partial[0]');
    const set = await dc.send('setDataBreakpoints', { breakpoints: [{ dataId: 'partial[0]', accessType: 'write' }] });
    assert.ok(set.body.breakpoints[0].verified);
    const s = waitStop(dc);
    await dc.continueRequest({ threadId: stop.threadId });
    const hit = (await s).body;
    assert.strictEqual(hit.reason, 'data breakpoint');
    assert.match(hit.description, /write of partial\[0\]/);
    const none = await dc.send('dataBreakpointInfo', { name: 'lid + 1', frameId: frame.id });
    assert.strictEqual(none.body.dataId, null);
  } finally {
    await dc.stop();
  }
});

test('restart reloads the program; pause stops an endless loop', async () => {
  const dc = await client();
  try {
    const stop = await start(dc, { program: RACE_SIM, stopOnEntry: true });
    let s = waitStop(dc);
    await dc.nextRequest({ threadId: stop.threadId });
    await s;
    s = waitStop(dc);
    await dc.send('restart', {});
    assert.strictEqual((await s).body.reason, 'entry');
    assert.strictEqual((await topFrame(dc, stop.threadId)).line, 10);
  } finally {
    await dc.stop();
  }
  const dc2 = await client();
  try {
    const stop = await start(dc2, { program: path.join(__dirname, 'spin.cl'), kernel: 'spin', global: 1, arg: ['<size=8 int fill=0>'], stopOnEntry: true });
    const s = waitStop(dc2);
    const running = dc2.continueRequest({ threadId: stop.threadId });
    await new Promise((r) => setTimeout(r, 300));
    await dc2.pauseRequest({ threadId: stop.threadId });
    await running;
    assert.strictEqual((await s).body.reason, 'pause');
  } finally {
    await dc2.stop();
  }
});

test('a launch that does not build answers with the diagnostics; the adapter stays alive', async () => {
  const dc = await client();
  try {
    await expectError(dc.launchRequest({ program: path.join(__dirname, 'broken.cl'), kernel: 'broken', global: 4 }),
      /broken\.cl:4:\d+: error: .*undeclared_name/);
    await expectError(dc.launchRequest({ program: '/no/such/file.sim' }), /no\/such\/file\.sim/);
    await expectError(dc.launchRequest({ program: RACE_SIM, schedule: 'sideways' }), /unknown schedule/);
    await expectError(dc.nextRequest({ threadId: 1 }), /launch/);
    const stop = await start(dc, { program: RACE_SIM, stopOnEntry: true });
    assert.strictEqual(stop.reason, 'entry');
    await expectError(dc.launchRequest({ program: RACE_SIM }), /already launched/);
  } finally {
    await dc.stop();
  }
});

test('suppressions: a suppressed race neither stops the run nor counts for the exit code', async () => {
  const fs = require('node:fs');
  const os = require('node:os');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clstep-dap-'));
  const supp = path.join(dir, 'races.supp');
  fs.writeFileSync(supp, '# the reduction races are known\ndata-race  reduction_race.cl:*\n');
  const bad = path.join(dir, 'bad.supp');
  fs.writeFileSync(bad, 'data-race\n');
  const dc = await client();
  try {
    await expectError(dc.launchRequest({ program: RACE_SIM, suppressions: bad }),
      /bad\.supp:1:10: error: expected a location after 'data-race'/);
    const outputs = [];
    dc.on('output', (e) => outputs.push(e.body.output));
    const exited = dc.waitForEvent('exited');
    const ended = dc.waitForEvent('terminated');
    const initialized = dc.waitForEvent('initialized');
    await dc.launchRequest({ program: RACE_SIM, suppressions: [supp] });
    await initialized;
    await dc.configurationDoneRequest();
    assert.strictEqual((await exited).body.exitCode, 0);
    await ended;
    assert.match(outputs.join(''), /kernel finished\n[1-9]\d* reports? suppressed by 1 rule\n/);
  } finally {
    await dc.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('clstep/sweep answers what `sweep --json` writes; without program it sweeps the launch', async () => {
  const { execFileSync } = require('node:child_process');
  const dc = await client();
  try {
    const matrix = { local: ['16', 32], schedules: 'in-order,reverse' };
    const r = await dc.customRequest('clstep/sweep', { program: RACE_SIM, matrix });
    const sweep = r.body;
    assert.strictEqual(sweep.verdict, 'errors');
    assert.deepStrictEqual(sweep.configurations.map((c) => c.name),
      ['local 16, in-order', 'local 16, reverse', 'local 32, in-order', 'local 32, reverse']);
    assert.deepStrictEqual(sweep.matrix.local, ['16', '32']);
    assert.strictEqual(sweep.diagnostics[0].kind, 'data-race');
    assert.match(sweep.diagnostics[0].file, /reduction_race\.cl$/);
    // the very report of the command line (its exit code 1: errors)
    let out = '';
    try {
      execFileSync(CLI, ['sweep', RACE_SIM, '--local', '16,32', '--schedules', 'in-order,reverse',
        '--json', '-', '--quiet'], { encoding: 'utf8' });
    } catch (e) {
      assert.strictEqual(e.status, 1);
      out = e.stdout;
    }
    assert.deepStrictEqual(sweep, JSON.parse(out));

    await expectError(dc.customRequest('clstep/sweep', { program: RACE_SIM, matrix: { schedules: ['sideways'] } }),
      /unknown schedule 'sideways'/);
    await expectError(dc.customRequest('clstep/sweep', { matrix: { local: [16] } }),
      /needs 'program'/);

    // after a launch: the launch's arguments, the matrix of the request; the session goes on
    await start(dc, { program: RACE_SIM, stopOnEntry: true });
    const again = await dc.customRequest('clstep/sweep', { matrix: { local: [16], schedules: ['round-robin'] } });
    assert.deepStrictEqual(again.body.configurations.map((c) => c.name), ['local 16, round-robin']);
    assert.strictEqual(again.body.verdict, 'errors');
    const threads = await dc.threadsRequest();
    assert.strictEqual(threads.body.threads.length, 16);
  } finally {
    await dc.stop();
  }
});
