import { execFile } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from '../../src/http/start-server.js';
import { parseExperimentConfig } from '../../src/experiments/config.js';
import { runExperiment } from '../../src/experiments/runner.js';
import { writeReport } from '../../src/reports/write-report.js';
import { outputDir } from '../../src/reports/output-paths.js';
import { tmpDir } from '../helpers/tmp.js';
import { TINY_EXPERIMENT, webFixture, type WebFixture } from '../web/helpers/web-fixture.js';
import { readDoc, ROOT } from './markdown.js';
import { timeBudget } from '../helpers/time-budget.js';
import { setFileTimeouts } from '../helpers/file-timeouts.js';

/**
 * The Python client of docs/http-api.md ("Clients": standard library only) runs as written: the
 * test takes the page's python block, starts a real server on 127.0.0.1 over the tiny fixture
 * with a saved report, runs the program with python3 and checks each line it prints against what
 * the API answers (the hits of the same search) and the report on disk (each configuration's mean).
 */
setFileTimeouts({ hookTimeout: timeBudget(120_000), testTimeout: timeBudget(60_000) });
const run = promisify(execFile);

/** The python code block of the "Clients" section. */
function pythonExample(): string {
  const section = readDoc('docs/http-api.md').split('\n## Clients\n')[1] ?? '';
  const block = /^```python\n([\s\S]*?)^```$/m.exec(section);
  if (!block) throw new Error('docs/http-api.md: no python block under "## Clients"');
  return block[1]!;
}

let fx: WebFixture;
let server: Awaited<ReturnType<typeof listen>>;
let base: string;
let root: string;
beforeAll(async () => {
  root = tmpDir('python-client-');
  fx = await webFixture(path.join(root, 'app'));
  const config = parseExperimentConfig(
    TINY_EXPERIMENT.replace('corpus: tiny', `corpus: ${path.join(fx.corporaRoot, 'tiny')}`),
  );
  // The output folder named, so the run's cells are written there and not under ./results.
  const out = path.join(fx.resultsRoot, 'tiny-grid');
  const { report, runs } = await runExperiment({ ...config, output: out }, { cacheDir: path.join(root, 'cache') });
  writeReport(out, report, runs);
  server = await listen(fx.app.fetch, '127.0.0.1', 0);
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  fx?.catalog.close();
});

describe('the Python client in docs/http-api.md', () => {
  it('searches and reads a report: its lines are the API answer and the saved report', async () => {
    const file = path.join(root, 'client.py');
    fs.writeFileSync(file, pythonExample());
    const { stdout } = await run('python3', [file, base, 'tiny', 'reset password', 'tiny-grid'], {
      timeout: timeBudget(30_000),
    });
    const lines = stdout.trim().split('\n');

    const answer = (await (
      await fx.app.request('/search', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          index: 'tiny',
          q: 'reset password',
          k: 3,
          legs: [{ type: 'lexical' }, { type: 'dense' }],
          fusion: { method: 'rrf' },
        }),
      })
    ).json()) as { hits: { rank: number; doc_id: string; score: number }[] };
    expect(answer.hits.length).toBeGreaterThan(0);
    const hitLines = answer.hits.map((h) => `hit ${h.rank} ${h.doc_id} ${h.score.toFixed(4)}`);

    const saved = JSON.parse(fs.readFileSync(path.join(fx.resultsRoot, 'tiny-grid', 'report.json'), 'utf8')) as {
      metrics: string[];
      configs: { name: string; means: Record<string, number> }[];
    };
    const metric = saved.metrics[0]!;
    const configLines = saved.configs.map((c) => `config ${c.name} ${metric} ${c.means[metric]!.toFixed(4)}`);

    expect(lines).toEqual([...hitLines, ...configLines]);
    expect(configLines.map((l) => l.split(' ')[1])).toEqual(['bm25', 'dense', 'hybrid']);
  });

  it('its default report is one the demo makes: the experiment of experiments/ writing results/NAME', () => {
    const name = /^REPORT = REPORT or "([^"]+)"$/m.exec(pythonExample())?.[1];
    expect(name).toBeDefined();
    const file = path.join(ROOT, 'experiments', `${name}.yaml`);
    const config = parseExperimentConfig(fs.readFileSync(file, 'utf8'), file);
    expect(outputDir(config)).toBe(path.join('results', name!));
    // The README tour runs that experiment, so the report is there when the tour's server starts.
    expect(readDoc('README.md')).toContain(`experiment experiments/${name}.yaml`);
  });

  it('an error answer is one line naming the problem, and exit status 1', async () => {
    const file = path.join(root, 'client.py');
    fs.writeFileSync(file, pythonExample());
    const failed = await run('python3', [file, base, 'nope', 'reset password', 'tiny-grid']).then(
      () => undefined,
      (e: { code: number; stderr: string }) => e,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr.trim()).toMatch(/^404 .*nope/);
  });
});
