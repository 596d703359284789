import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { loadCommands } from '../../src/cli/command-table.js';
import { parseExperimentConfig } from '../../src/experiments/config.js';
import { parseSearchSpec } from '../../src/pipeline/search-spec.js';
import { runCli } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';
import { codeBlocks, docPages, readDoc } from './markdown.js';

/** The one code block of `page` opened with `info`. */
function onlyBlock(page: string, info: string): string {
  return blocksOf(page, info, 1)[0]!;
}

/** The `count` code blocks of `page` opened with `info`, in order. */
function blocksOf(page: string, info: string, count: number): string[] {
  const blocks = codeBlocks(readDoc(page)).filter((b) => b.info === info);
  expect(blocks, `${page} should hold ${count} ${info} block(s)`).toHaveLength(count);
  return blocks.map((b) => b.code);
}

/** Every `npx testbed ...` command line of the code blocks of README.md and docs/ (continuation lines joined). */
function testbedCommandLines(): { page: string; line: string }[] {
  return ['README.md', ...docPages()].flatMap((page) =>
    codeBlocks(readDoc(page)).flatMap(({ code }) =>
      code
        .replace(/\\\n\s*/g, ' ')
        .split('\n')
        .filter((line) => line.startsWith('npx testbed '))
        .map((line) => ({ page, line })),
    ),
  );
}

describe('the examples of README.md and docs/ are read by the code as they are written', () => {
  it('the experiment file of docs/experiments.md is a valid experiment', () => {
    const config = parseExperimentConfig(onlyBlock('docs/experiments.md', 'yaml'), 'docs/experiments.md');
    expect(config.grid.retrievers.map((r) => r.name)).toEqual([
      'bm25',
      'bm25-fts5',
      'dense',
      'hybrid-rrf',
      'hybrid-score',
      'three-legs',
    ]);
    expect(config.tune.map((t) => t.name)).toEqual(['tuned']);
  });

  it('the pipeline of docs/pipelines.md and the legs of docs/scale-out.md are valid pipelines', () => {
    const pipeline = JSON.parse(onlyBlock('docs/pipelines.md', 'json')) as Record<string, unknown>;
    expect(parseSearchSpec(pipeline).pipeline.legs.map((l) => l.name)).toEqual(['fts5', 'bm25', 'dense']);
    const [legsBlock, experiment, postgresBlock] = blocksOf('docs/scale-out.md', 'yaml', 3);
    const legs = parseYaml(legsBlock!) as Record<string, unknown>;
    expect(parseSearchSpec(legs).pipeline.legs.map((l) => l.type)).toEqual(['lexical', 'http']);
    // "The engine's hybrid against ours": the engine's hybrid, its two legs, our fusion of them, and ours tuned.
    const config = parseExperimentConfig(experiment!, 'docs/scale-out.md');
    expect(config.grid.retrievers.map((r) => r.name)).toEqual([
      'engine-hybrid',
      'engine-bm25',
      'engine-knn',
      'ours-rrf',
    ]);
    expect(config.tune.map((t) => [t.name, t.legs])).toEqual([['ours-tuned', ['engine-bm25', 'engine-knn']]]);
    // "PostgreSQL full-text search": one postgres leg.
    const postgres = parseYaml(postgresBlock!) as Record<string, unknown>;
    expect(parseSearchSpec(postgres).pipeline.legs.map((l) => l.type)).toEqual(['postgres']);
  });

  it('the pipelines given inline (--pipeline, a POST body) are valid too', () => {
    const inline = [readDoc('README.md'), readDoc('docs/pipelines.md')].flatMap((page) =>
      [...page.matchAll(/--pipeline '(\{.*?\})'|-d '(\{.*?\})'/g)].map((m) => m[1] ?? m[2]!),
    );
    expect(inline.length).toBeGreaterThanOrEqual(3);
    for (const json of inline) {
      const { index: _index, q: _q, ...spec } = JSON.parse(json) as Record<string, unknown>;
      expect(() => parseSearchSpec(spec), json).not.toThrow();
    }
  });

  it('every npx testbed command line names a command and only options that command has', async () => {
    const usage = new Map((await loadCommands()).map((c) => [c.name, c.usage]));
    const lines = testbedCommandLines();
    expect(lines.length).toBeGreaterThanOrEqual(10);
    const wrong: string[] = [];
    for (const { page, line } of lines) {
      const [, , name = ''] = line.split(/\s+/);
      const help = usage.get(name);
      if (help === undefined) wrong.push(`${page}: no command "${name}": ${line}`);
      else
        for (const [flag] of line.replace(/'[^']*'|"[^"]*"/g, '').matchAll(/(?<=\s)--[a-z][a-z0-9-]*/g))
          if (!help.includes(`${flag} `) && !help.includes(`${flag}\n`)) wrong.push(`${page}: ${name} has no ${flag}`);
    }
    expect(wrong).toEqual([]);
  });

  it('every file a command line writes (--out, --run) lands in a folder git ignores, so the checkout stays clean', () => {
    const ignored = readDoc('.gitignore')
      .split('\n')
      .filter((line) => /^[\w.][\w./-]*\/$/.test(line));
    expect(ignored).toEqual(expect.arrayContaining(['data/', 'results/']));
    const outside: string[] = [];
    for (const { page, line } of testbedCommandLines()) {
      for (const [, written] of line.matchAll(/\s--(?:out|run) (\S+)/g)) {
        // DIR, FILE, QRELS: a placeholder, not a path.
        if (/^[A-Z_]+$/.test(written!)) continue;
        if (!ignored.some((folder) => written!.startsWith(folder))) outside.push(`${page}: ${written}: ${line}`);
      }
    }
    expect(outside).toEqual([]);
  });

  it('the gold import of docs/gold.md runs on its sample file, with the counts the page gives', async () => {
    const page = readDoc('docs/gold.md');
    const command = testbedCommandLines().find(({ line }) => line.startsWith('npx testbed gold import '));
    expect(command?.page).toBe('docs/gold.md');
    const argv = command!.line.split(/\s+/).slice(2);
    const out = tmpDir('gold-import-doc-');
    argv[argv.indexOf('--out') + 1] = out;
    const result = await runCli(argv);
    expect(result.code, result.err).toBe(0);
    const words = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
    const said = /its (\w+) rows make (\w+) queries[\s\S]*?and (\w+) pairs/.exec(page);
    expect(said).not.toBeNull();
    const [rows, queries, pairs] = said!.slice(1).map((w) => words.indexOf(w));
    expect(result.out).toContain(`read ${rows} rows; wrote ${queries} queries and ${pairs} (query, document) pairs`);
    expect(result.out).toContain('unmatched documents: none');
  });
});
