import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildIndex } from '../../src/indexing/build-index.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';
import { timeBudget } from '../helpers/time-budget.js';

/**
 * SIGKILL `testbed serve --log-queries` (the real binary, in a process of its own) while click
 * events stream in: every line the log files hold but possibly the last of each is a whole UBI
 * record, and every event the server acknowledged (202) is among them.
 */

const BIN = path.resolve(import.meta.dirname, '../../bin/testbed.js');
const root = tmpDir('kill-query-log-');
const dataDir = path.join(root, 'data');
const logDir = path.join(root, 'traffic');

beforeAll(async () => {
  await buildIndex({ corpus: TINY_BEIR, out: path.join(dataDir, 'tiny.sqlite'), chunker: 'doc', embedder: 'none' });
}, timeBudget(60_000));

const { TESTBED_TOKEN: _, ...withoutToken } = process.env;

/** Starts the server and resolves with its URL once it says it listens. */
function startServe() {
  const child = spawn(
    process.execPath,
    [BIN, 'serve', '--port', '0', '--workers', '0', '--data', dataDir, '--corpora', root, '--log-queries', logDir],
    // No token: these writes are the loopback ones a token-less server takes.
    { cwd: root, env: withoutToken },
  );
  let stderr = '';
  const exited = new Promise<string | number>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code ?? -1)),
  );
  const url = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${stderr}`)), timeBudget(30_000));
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      const m = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(stderr);
      if (m) clearTimeout(timer), resolve(m[1]!);
    });
    void exited.then(() => reject(new Error(`exited before listening:\n${stderr}`)));
  });
  return { child, url, exited };
}

/** Every line of every file in the log folder, by file. */
function logLines(): Map<string, string[]> {
  return new Map(
    fs
      .readdirSync(logDir)
      .sort()
      .map((name) => [name, fs.readFileSync(path.join(logDir, name), 'utf8').split('\n')]),
  );
}

describe('SIGKILL of a server logging its traffic', () => {
  it(
    'leaves every earlier line readable and every acknowledged event written',
    async () => {
      const server = startServe();
      try {
        const base = await server.url;
        const searches = await Promise.all(
          ['harbor', 'plans', 'error', 'billing', 'refund'].map(async (q) => {
            const res = await fetch(`${base}/search/bm25?index=tiny&level=doc&q=${q}`);
            expect(res.status).toBe(200);
            return (await res.json()) as { query_id: string; hits: { id: string }[] };
          }),
        );
        const acknowledged: string[] = [];
        let sent = 0;
        let stop = false;
        // Four clients posting as fast as they can: batches of one to three clicks, each marked with its own message.
        const client = async (c: number) => {
          while (!stop) {
            const batch = Array.from({ length: 1 + (sent % 3) }, (_, i) => {
              const s = searches[(sent + i) % searches.length]!;
              return {
                action_name: 'click',
                query_id: s.query_id,
                message: `c${c}-${sent}-${i}`,
                event_attributes: { object: { object_id: s.hits[0]?.id ?? 'none' }, position: { ordinal: 1 + i } },
              };
            });
            sent++;
            try {
              const res = await fetch(`${base}/events`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify(batch),
              });
              if (res.status === 202) acknowledged.push(...batch.map((e) => e.message));
              else expect(res.status, await res.text()).toBe(202);
            } catch {
              return; // the server is gone
            }
          }
        };
        const clients = [0, 1, 2, 3].map(client);
        // Mid-stream: once a few hundred events are in, while requests are still in flight. No
        // deadline of its own (8 s was one, short of 300 events on a loaded machine): the test's
        // timeout bounds the wait.
        while (acknowledged.length < 300) await new Promise((r) => setTimeout(r, 5));
        server.child.kill('SIGKILL');
        expect(await server.exited).toBe('SIGKILL');
        stop = true;
        await Promise.all(clients);
        expect(acknowledged.length).toBeGreaterThanOrEqual(300);

        const files = logLines();
        const events: { message: string }[] = [];
        const queries: { query_id: string }[] = [];
        for (const [name, lines] of files) {
          // A file that ends with a newline splits into its lines and a last empty string; one a
          // write was cut short in ends with that partial line instead: either may be unreadable.
          const whole = lines.slice(0, -1);
          for (const line of whole) {
            const record = JSON.parse(line) as Record<string, unknown>;
            if (name.startsWith('ubi_events')) {
              expect(Object.keys(record)).toEqual(
                expect.arrayContaining(['action_name', 'query_id', 'timestamp', 'event_attributes']),
              );
              events.push(record as { message: string });
            } else {
              expect(Object.keys(record)).toEqual(
                expect.arrayContaining(['query_id', 'user_query', 'index', 'query_response_hit_ids', 'timestamp']),
              );
              queries.push(record as { query_id: string });
            }
          }
        }
        expect(queries.map((q) => q.query_id).sort()).toEqual(searches.map((s) => s.query_id).sort());
        const written = new Set(events.map((e) => e.message));
        expect(acknowledged.filter((m) => !written.has(m))).toEqual([]);
        // Nothing is written twice, and nothing was written that was not sent.
        expect(written.size).toBe(events.length);
      } finally {
        if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
        await server.exited;
      }
    },
    timeBudget(30_000),
  );
});
