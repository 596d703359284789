import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TrafficSummary } from '../../src/traffic/traffic-summary.js';
import { timeBudget } from '../helpers/time-budget.js';
import { tmpDir } from '../helpers/tmp.js';

const BIN = path.resolve(import.meta.dirname, '../../bin/testbed.js');

// The traffic summary is built in a worker thread whose script is found beside its module: under
// vitest that is the TypeScript source, from the real binary the compiled dist/. This runs the
// binary, so the worker starts from dist/ as it does for a user.
describe('testbed serve --log-queries (the real binary): the summary worker runs from dist/', () => {
  it(
    'GET /traffic and the home page summarise the log, and the server stops at SIGTERM',
    async () => {
      const root = tmpDir('serve-traffic-worker-');
      const logDir = path.join(root, 'traffic');
      fs.mkdirSync(logDir);
      const search = (id: string, q: string) =>
        `${JSON.stringify({ query_id: id, user_query: q, query_response_hit_ids: ['d1'], timestamp: '2025-01-02T03:04:05Z' })}\n`;
      fs.writeFileSync(
        path.join(logDir, 'ubi_queries-2025-01-02.jsonl'),
        search('a', 'reset password') + search('b', 'E1042'),
      );
      const child = spawn(
        process.execPath,
        [BIN, 'serve', '--data', 'data', '--corpora', 'corpora', '--port', '0', '--log-queries', 'traffic'],
        { cwd: root },
      );
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      try {
        const url = await new Promise<string>((resolve, reject) => {
          child.stderr.on('data', () => {
            const m = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(stderr);
            if (m) resolve(m[1]!);
          });
          void exited.then((code) => reject(new Error(`exited ${code}:\n${stderr}`)));
        });
        const res = await fetch(`${url}/traffic`);
        expect(res.status, stderr).toBe(200);
        const summary = (await res.json()) as TrafficSummary;
        expect(summary).toMatchObject({ searches: 2, distinctQueries: 2 });
        const home = await (await fetch(url, { headers: { accept: 'text/html' } })).text();
        expect(home.replace(/<[^>]+>/g, '')).toContain('2 searches, 2 distinct queries on 2025-01-02');
      } finally {
        child.kill('SIGTERM');
      }
      // The idle summary worker does not hold the process.
      expect(await exited, stderr).not.toBeNull();
    },
    timeBudget(120_000),
  );
});
