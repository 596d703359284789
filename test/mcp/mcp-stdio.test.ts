import fs from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult, Progress } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IndexCatalog } from '../../src/serving/catalog/index-catalog.js';
import { descendants, running } from '../helpers/process-tree.js';
import { timeBudget } from '../helpers/time-budget.js';
import { DEMO_CORPUS, tmpDir } from '../helpers/tmp.js';
import { bm25Grid } from '../helpers/bm25-grid.js';
import { TINY_EXPERIMENT, webFixture, type WebFixture } from '../web/helpers/web-fixture.js';

/**
 * Issue 42 over stdio: `node bin/testbed.js mcp` started by the SDK's own client, as an agent's
 * host starts it. Its searches answer as the HTTP API does over the same folder and are logged
 * under the client's name; evaluate runs an experiment file with progress notifications, and a
 * cancelled evaluate stops its experiment's process. Slow: processes started for real.
 */

const BIN = path.resolve(import.meta.dirname, '../../bin/testbed.js');
let fx: WebFixture;
let root: string;

beforeAll(async () => {
  root = tmpDir('mcp-stdio-');
  fx = await webFixture(root);
  // The experiment as a local user's file names its corpus from the working folder.
  fs.writeFileSync(
    path.join(root, 'experiments', 'tiny-run.yaml'),
    TINY_EXPERIMENT.replace('name: tiny-grid', 'name: tiny-run').replace('corpus: tiny', 'corpus: corpora/tiny'),
  );
  // Still running seconds after it starts (each of its cells takes a few hundred ms): cancelled long before its end.
  fs.writeFileSync(path.join(root, 'experiments', 'demo-cancel.yaml'), bm25Grid('demo-cancel', DEMO_CORPUS, 6));
}, timeBudget(60_000));
afterAll(async () => {
  await fx.catalog.close();
});

async function startMcp(args: string[], name = 'stdio-agent'): Promise<{ client: Client; pid: () => number | null }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', ...args],
    cwd: root,
    env: { ...(process.env as Record<string, string>), TRANSFORMERS_OFFLINE: '1' },
    stderr: 'pipe',
  });
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(transport);
  return { client, pid: () => transport.pid };
}

const answer = (result: unknown) => {
  const r = result as CallToolResult;
  expect(r.isError, JSON.stringify(r.content)).toBeFalsy();
  return r.structuredContent as Record<string, unknown>;
};

describe('testbed mcp over stdio', () => {
  let client: Client;
  let pid: () => number | null;
  beforeAll(async () => {
    ({ client, pid } = await startMcp(['--data', 'data', '--log-queries', 'logs', '--allow-judging']));
  }, timeBudget(120_000));
  afterAll(async () => {
    await client?.close();
  });

  it("searches as the HTTP API does, and logs the search with the client's name", async () => {
    const tools = (await client.listTools()).tools.map((t) => t.name);
    expect(tools).toEqual(
      expect.arrayContaining(['search', 'list_indexes', 'get_document', 'explain', 'judge', 'evaluate']),
    );
    const mcp = answer(
      await client.callTool({ name: 'search', arguments: { index: 'tiny', query: 'password reset', mode: 'hybrid' } }),
    ) as { query_id: string; hits: { id: string; score: number; rank: number }[] };
    const api = (await (await fx.app.request('/search/hybrid?index=tiny&q=password%20reset')).json()) as {
      hits: { id: string; score: number; rank: number }[];
    };
    const ranking = (hits: { id: string; score: number; rank: number }[]) =>
      hits.map(({ id, score, rank }) => ({ id, score, rank }));
    expect(mcp.hits.length).toBeGreaterThan(0);
    expect(ranking(mcp.hits)).toEqual(ranking(api.hits));
    const logs = path.join(root, 'logs');
    const lines = fs
      .readdirSync(logs)
      .filter((f) => f.startsWith('ubi_queries'))
      .flatMap((f) => fs.readFileSync(path.join(logs, f), 'utf8').split('\n').filter(Boolean));
    const record = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((r) => r.query_id === mcp.query_id);
    expect(record).toMatchObject({ client_id: 'stdio-agent', user_query: 'password reset', index: 'tiny' });
  });

  it('evaluate runs an experiment file, reporting progress, and answers its headline table', async () => {
    const progress: Progress[] = [];
    const result = answer(
      await client.callTool({ name: 'evaluate', arguments: { experiment: 'tiny-run.yaml' } }, undefined, {
        onprogress: (p) => void progress.push(p),
        timeout: timeBudget(300_000),
      }),
    ) as { configs: { name: string; means: Record<string, number> }[]; metrics: string[]; report: string };
    expect(result.configs.map((c) => c.name)).toEqual(['bm25', 'dense', 'hybrid']);
    // The config's metrics, then recall and hit at its context_k (1), which every report adds.
    expect(result.metrics).toEqual(['ndcg@10', 'mrr@10', 'recall@1', 'hit@1']);
    const saved = JSON.parse(fs.readFileSync(path.join(root, 'results', 'tiny-run', 'report.json'), 'utf8')) as {
      configs: { name: string; means: Record<string, number> }[];
    };
    // The table's figures are the report's.
    for (const c of result.configs)
      expect(c.means['ndcg@10']).toBe(saved.configs.find((s) => s.name === c.name)!.means['ndcg@10']);
    expect(result.report).toBe('tiny-run/report.md');
    expect(progress.length).toBeGreaterThan(0);
    // MCP wants each notification's progress above the last.
    for (let i = 1; i < progress.length; i++) expect(progress[i]!.progress).toBeGreaterThan(progress[i - 1]!.progress);
  });

  it("a cancelled evaluate stops its experiment's process: no report is written", async () => {
    const server = pid()!;
    // What runs under the server before the call (a build tool's service, say) is not the experiment.
    const before = new Set(descendants(server));
    const controller = new AbortController();
    let experimentProcesses: number[] = [];
    const call = client.callTool({ name: 'evaluate', arguments: { experiment: 'demo-cancel.yaml' } }, undefined, {
      signal: controller.signal,
      onprogress: () => {
        if (controller.signal.aborted) return;
        // The experiment is running under the server now: its process is one of the server's children.
        experimentProcesses = descendants(server).filter((p) => !before.has(p));
        controller.abort();
      },
      timeout: timeBudget(300_000),
    });
    await expect(call).rejects.toThrow();
    expect(experimentProcesses.length).toBeGreaterThan(0);
    // Polled until the stopped processes are gone (bounded by the test's timeout alone).
    while (experimentProcesses.some(running)) await new Promise((r) => setTimeout(r, 50));
    expect(fs.existsSync(path.join(root, 'results', 'demo-cancel', 'report.json'))).toBe(false);
    // The server goes on answering.
    expect(answer(await client.callTool({ name: 'list_indexes', arguments: {} }))).toHaveProperty('indexes');
  });
});

describe('testbed mcp INDEX.sqlite', () => {
  it(
    'serves that index alone, whatever else its folder holds',
    async () => {
      fs.copyFileSync(path.join(root, 'data', 'tiny.sqlite'), path.join(root, 'data', 'other.sqlite'));
      expect(new IndexCatalog(path.join(root, 'data')).indexes.names()).toEqual(['other', 'tiny']);
      const { client } = await startMcp([path.join('data', 'tiny.sqlite')]);
      try {
        const listed = answer(await client.callTool({ name: 'list_indexes', arguments: {} })) as {
          indexes: { name: string }[];
        };
        expect(listed.indexes.map((i) => i.name)).toEqual(['tiny']);
        const refused = (await client.callTool({
          name: 'search',
          arguments: { index: 'other', query: 'harbor' },
        })) as CallToolResult;
        expect(refused.isError).toBe(true);
        expect((await client.listTools()).tools.map((t) => t.name)).not.toContain('judge');
      } finally {
        await client.close();
      }
    },
    timeBudget(120_000),
  );
});
