import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IndexCatalog } from '../../src/serving/catalog/index-catalog.js';
import { InputError } from '../../src/errors.js';
import { parseExperimentConfig } from '../../src/experiments/config.js';
import { retrieverPipeline } from '../../src/experiments/retriever-pipeline.js';
import { createApp } from '../../src/http/app.js';
import { registerLegType } from '../../src/legs/registry.js';
import { parsePipeline } from '../../src/pipeline/resolve-pipeline.js';
import { shortestFirstLeg } from '../fixtures/legs/shortest-first-leg.js';
import { runCli } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';
import { legContract, type LegWorld, openLegWorld } from '../retrievers/leg-contract.js';
import { subjectsOfEveryLegType } from '../retrievers/leg-subjects.js';

/**
 * Adding a leg type is one file (test/fixtures/legs/shortest-first-leg.ts) plus one row: with
 * the one registerLegType call below and no other edit, the new type is documented by the
 * OpenAPI document, parsed in pipelines and experiment files (with located errors), and held
 * to the leg contract; removing the row removes it from all of them.
 */
const unregister = registerLegType(shortestFirstLeg);
const TYPE: string = shortestFirstLeg.type;

const dir = tmpDir('registered-leg-');
let world: LegWorld;
let catalog: IndexCatalog;
beforeAll(async () => {
  world = await openLegWorld(dir);
  catalog = new IndexCatalog(path.join(dir, 'data'));
});
afterAll(async () => {
  unregister();
  await world.close();
});

/**
 * The leg types the OpenAPI document of a freshly created app lists: the variants of a pipeline's
 * legs, and those its introduction names.
 */
async function documentedLegTypes(): Promise<{ variants: string[]; introduced: string }> {
  const app = createApp({ catalog, corporaRoot: path.join(dir, 'corpora') });
  const doc = (await (await app.request('/openapi.json')).json()) as {
    info: { description: string };
    components: { schemas: { PipelineRequest: { properties: { legs: { items: Record<string, unknown[]> } } } } };
  };
  const items = doc.components.schemas.PipelineRequest.properties.legs.items;
  const variants = ((items.oneOf ?? items.anyOf) as { properties: { type: { const: string } } }[]).map(
    (v) => v.properties.type.const,
  );
  return { variants, introduced: /pipelines of legs \(([^)]*)\)/.exec(doc.info.description)?.[1] ?? '' };
}

const experiment = (leg: string) => `name: fixture
corpus: corpora/demo
grid:
  retrievers:
    - { name: shortest, legs: [${leg}] }
`;

/** The error a config or pipeline is refused with. */
function refusal(f: () => unknown): InputError {
  try {
    f();
  } catch (err) {
    expect(err).toBeInstanceOf(InputError);
    return err as InputError;
  }
  throw new Error('expected an InputError');
}

describe('a leg type registered with one call', () => {
  it('is in the OpenAPI document, after the built-in ones', async () => {
    const { variants, introduced } = await documentedLegTypes();
    expect(variants.at(-1)).toBe(TYPE);
    expect(introduced.split(', ').at(-1)).toBe(TYPE);
  });

  it('is among the leg types testbed search --help and retrieve --help name for --pipeline', async () => {
    for (const command of ['search', 'retrieve']) {
      const help = (await runCli([command, '--help'])).out.replace(/\s+/g, ' ');
      expect(help).toContain(
        `whose legs are of the types lexical, rm3, rocchio, bo1, dense, run, http, opensearch, elasticsearch, qdrant, opensearch-hybrid, elasticsearch-rrf, qdrant-fusion, postgres, ${TYPE};`,
      );
    }
  });

  it('parses in a pipeline, its fields defaulted and bounded, its name its row default', () => {
    expect(parsePipeline({ legs: [{ type: TYPE }] }).legs).toEqual([
      { type: TYPE, order: 'shortest', name: 'shortest-first' },
    ]);
    expect(refusal(() => parsePipeline({ legs: [{ type: TYPE, order: 'middle' }] })).where.field).toBe('legs.0.order');
  });

  it('parses in an experiment file, and a misspelt field is refused with its file, line and field', () => {
    const config = parseExperimentConfig(experiment(`{ type: ${TYPE}, order: longest }`), 'exp.yaml');
    expect(retrieverPipeline(config.grid.retrievers[0]!, config.level, 100).legs).toEqual([
      { type: TYPE, order: 'longest', name: 'longest-first' },
    ]);
    const misspelt = refusal(() => parseExperimentConfig(experiment(`{ type: ${TYPE}, ordr: longest }`), 'exp.yaml'));
    expect(misspelt.message).toBe('exp.yaml:5 (field "grid.retrievers.0.legs.0.ordr"): unknown parameter "ordr"');
  });
});

// The leg contract suite's subjects are one per registered leg type: the new one is among them.
for (const subject of subjectsOfEveryLegType()) {
  const dummySide = { searcher: undefined as never, runFile: 'x.run', remote: 'http://x' };
  if (subject.legs(dummySide)[0]?.type === TYPE) legContract(() => world, subject);
}

describe('once its row is removed', () => {
  it('is gone from the OpenAPI document, pipelines, experiment files and the contract subjects', async () => {
    unregister();
    const { variants, introduced } = await documentedLegTypes();
    expect(variants).not.toContain(TYPE);
    expect(introduced.split(', ')).not.toContain(TYPE);
    expect((await runCli(['search', '--help'])).out).not.toContain(TYPE);
    expect(refusal(() => parsePipeline({ legs: [{ type: TYPE }] })).where.field).toBe('legs.0.type');
    expect(refusal(() => parseExperimentConfig(experiment(`{ type: ${TYPE} }`), 'exp.yaml')).message).toMatch(
      /^exp\.yaml:5 \(field "grid\.retrievers\.0\.legs\.0\.type"\)/,
    );
    const dummySide = { searcher: undefined as never, runFile: 'x.run', remote: 'http://x' };
    expect(subjectsOfEveryLegType().map((s) => s.legs(dummySide)[0]?.type)).not.toContain(TYPE);
  });
});
