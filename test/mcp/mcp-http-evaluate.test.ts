import fs from 'node:fs';
import path from 'node:path';
import type { CallToolResult, Progress } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timeBudget } from '../helpers/time-budget.js';
import { tmpDir } from '../helpers/tmp.js';
import { webFixture, type WebFixture } from '../web/helpers/web-fixture.js';
import { connectOverHttp } from './helpers/mcp-client.js';

/**
 * Issue 42: evaluate at /mcp runs an experiment file of the served experiments folder as POST
 * /experiments does (paths confined to the served folders, in the server's job queue), its
 * progress sent over the request's event stream, and needs the token when the server has one.
 * Slow: the experiment runs in a process of its own.
 */

const TOKEN = 'a-token-for-the-mcp-evaluate-test';
let fx: WebFixture;
beforeAll(async () => {
  fx = await webFixture(tmpDir('mcp-http-evaluate-'), { token: TOKEN });
}, timeBudget(60_000));
afterAll(async () => {
  await fx.catalog.close();
});

describe('evaluate at /mcp', () => {
  it('runs tiny-grid.yaml with progress, its report under the results folder', async () => {
    const client = await connectOverHttp(fx.app, { headers: { authorization: `Bearer ${TOKEN}` } });
    const progress: Progress[] = [];
    const result = (await client.callTool(
      { name: 'evaluate', arguments: { experiment: 'tiny-grid.yaml' } },
      undefined,
      {
        onprogress: (p) => void progress.push(p),
        timeout: timeBudget(300_000),
      },
    )) as CallToolResult;
    // The saved report is a resource from then on, its headline the one evaluate answered.
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toContain('testbed://experiments/tiny-grid');
    const { contents } = await client.readResource({ uri: 'testbed://experiments/tiny-grid' });
    const saved = JSON.parse((contents[0] as { text: string }).text) as Record<string, unknown>;
    await client.close();
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    const { report: _file, ...headline } = result.structuredContent as Record<string, unknown>;
    expect(saved).toEqual({ ...headline, created_at: expect.any(String) });
    const answer = result.structuredContent as { configs: { name: string }[]; report: string; table: string };
    expect(answer.configs.map((c) => c.name)).toEqual(['bm25', 'dense', 'hybrid']);
    // The config says `corpus: tiny`: read inside the corpora root, written inside the results folder.
    expect(answer.report).toBe('tiny-grid/report.md');
    expect(fs.existsSync(path.join(fx.resultsRoot, 'tiny-grid', 'report.json'))).toBe(true);
    // One table row per configuration, under its header and separator lines.
    expect(answer.table.split('\n')).toHaveLength(2 + answer.configs.length);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)!.total).toBeGreaterThan(0);
  });

  it('does not replace that report with another config of the same name, as POST /experiments does not', async () => {
    const experiments = path.join(fx.root, 'experiments');
    const edited = fs.readFileSync(path.join(experiments, 'tiny-grid.yaml'), 'utf8').replace('rrf_k: 10', 'rrf_k: 20');
    fs.writeFileSync(path.join(experiments, 'tiny-grid-edited.yaml'), edited);
    const before = fs.statSync(path.join(fx.resultsRoot, 'tiny-grid', 'report.json')).mtimeMs;
    const client = await connectOverHttp(fx.app, { headers: { authorization: `Bearer ${TOKEN}` } });
    const result = (await client.callTool({
      name: 'evaluate',
      arguments: { experiment: 'tiny-grid-edited.yaml' },
    })) as CallToolResult;
    await client.close();
    expect(result.isError).toBe(true);
    expect((result.content[0] as { text: string }).text).toContain('holds the report of another configuration');
    expect(fs.statSync(path.join(fx.resultsRoot, 'tiny-grid', 'report.json')).mtimeMs).toBe(before);
  });
});
