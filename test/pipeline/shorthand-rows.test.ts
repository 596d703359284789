import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod/v4';
import { retrieveCommand } from '../../src/cli/commands/retrieve-command.js';
import { searchCommand } from '../../src/cli/commands/search-command.js';
import { SEARCH_FLAGS, searchRequest } from '../../src/cli/search-options.js';
import { parseExperimentConfig } from '../../src/experiments/config.js';
import { apiDocument } from '../http/helpers/api-document.js';
import { legFieldSchema } from '../../src/legs/leg-field.js';
import { fieldJsonSchema } from '../../src/pipeline/flat-param.js';
import { fusionField } from '../../src/fusion/fusion-spec.js';
import { pipelineSpec } from '../../src/pipeline/pipeline-spec.js';
import { shorthandParams } from '../../src/pipeline/shorthand.js';
import {
  EXPERIMENT_PARAMS,
  FLAT_PARAM_NAMES,
  MODES,
  PIPELINE_FIELD_PARAMS,
  RETRIEVER_PARAMS,
  SHORTHAND_ROWS,
  type ShorthandRow,
} from '../../src/pipeline/shorthand-rows.js';
import { flagName } from '../../src/search/request-params.js';
import { FORM_FIELDS } from '../../src/web/playground/form.js';
import { IndexCatalog } from '../../src/serving/catalog/index-catalog.js';
import { createApp } from '../../src/http/app.js';
import { tmpDir } from '../helpers/tmp.js';

const rows = SHORTHAND_ROWS as Record<string, ShorthandRow>;
const root = tmpDir('rows-page-');
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The pipeline field a row names, found by its path: `k`, `fusion.depth`, `legs[lexical].k1`. */
function ownerSchema(path: string): z.ZodType | undefined {
  const leg = /^legs\[lexical\]\.(\w+)$/.exec(path);
  if (leg) return legFieldSchema('lexical', leg[1] as 'k1');
  if (path.startsWith('fusion.')) return fusionField(path.slice(7));
  return (pipelineSpec.shape as Record<string, z.ZodType>)[path];
}

const VALUE_KEYS = ['type', 'minimum', 'maximum', 'exclusiveMinimum', 'enum', 'pattern', 'default'] as const;
const values = (json: Record<string, unknown>) => VALUE_KEYS.map((key) => json[key]);

describe('the shorthand rows point at the pipeline fields that own their values', () => {
  it('a row that respells a field has exactly its type, bounds, default and help', () => {
    // The shorthand's own: fusion (rrf|score), alpha, weights (a pair), norm (a subset), lang (one
    // code of the filter), expansion (which leg type the bm25 leg is).
    const own = ['fusion', 'alpha', 'weights', 'norm', 'lang', 'expansion'];
    const respelled = FLAT_PARAM_NAMES.filter((n) => !own.includes(n));
    for (const name of respelled) {
      expect(ownerSchema(rows[name]!.owner ?? ''), `${name} names a pipeline field`).toBeDefined();
      const flat = fieldJsonSchema(rows[name]!.schema);
      const owner = fieldJsonSchema(ownerSchema(rows[name]!.owner!)!);
      if (name !== 'filter') expect(values(flat), name).toEqual(values(owner));
      // The row may say which shorthand reads it first ("hybrid: ..."); the rest is the field's own help.
      expect(flat.description as string, name).toMatch(new RegExp(`(^|: )${escaped(owner.description as string)}$`));
    }
  });

  it('the bounds read from the owner are the ones enforced, with the parameter named', () => {
    const k1 = fieldJsonSchema(legFieldSchema('lexical', 'k1'));
    const max = k1.maximum as number;
    expect(shorthandParams.safeParse({ k1: String(max) }).success).toBe(true);
    const over = shorthandParams.safeParse({ k1: String(max + 0.5) });
    expect(over.error?.issues[0]?.message).toBe(`k1 must be a number in [${k1.minimum}, ${max}], got ${max + 0.5}`);
    const rrf = fieldJsonSchema(fusionField('rrf_k'));
    expect(shorthandParams.safeParse({ rrf_k: String(rrf.exclusiveMinimum) }).error?.issues[0]?.message).toBe(
      `rrf_k must be a number > ${rrf.exclusiveMinimum} and <= ${rrf.maximum}, got ${rrf.exclusiveMinimum}`,
    );
    // A row's default is its owner's: the hybrid pipeline without parameters fuses at the fusion block's depth.
    expect(searchRequest({ mode: 'hybrid' }, 'q', { k: 10, level: 'chunk' }).pipeline.fusion!.depth).toBe(
      fieldJsonSchema(fusionField('depth')).default,
    );
  });

  it('the name lists are read from the rows: beside --pipeline, set by the experiment, a retriever field', () => {
    // A row beside --pipeline names a top-level pipeline field of its own name.
    for (const name of PIPELINE_FIELD_PARAMS) expect(Object.keys(pipelineSpec.shape)).toContain(name);
    expect(PIPELINE_FIELD_PARAMS).toEqual(['k', 'level', 'filter', 'qlang']);
    expect(EXPERIMENT_PARAMS).toEqual(['k', 'level', 'qlang']);
    expect([...RETRIEVER_PARAMS, ...EXPERIMENT_PARAMS].sort()).toEqual([...FLAT_PARAM_NAMES].sort());
  });
});

interface Doc {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: { name: string; in: string; schema: Record<string, unknown>; description: string }[] }
    >
  >;
  components: { schemas: Record<string, { properties?: Record<string, { description?: string }> }> };
}

describe('every surface of the flat parameters is generated from the rows', () => {
  let doc: Doc;
  beforeAll(async () => {
    doc = (await apiDocument()) as unknown as Doc;
  });

  it('CLI: one flag per row (- for _), one --help line each, in row order', () => {
    expect(Object.keys(SEARCH_FLAGS)).toEqual(['mode', 'pipeline', ...FLAT_PARAM_NAMES.map(flagName)]);
    for (const command of [searchCommand, retrieveCommand]) {
      const listed = [...command.usage.matchAll(/^ {2}--([a-z0-9-]+) /gm)].map((m) => m[1]);
      const names = ['mode', ...FLAT_PARAM_NAMES.map(flagName)];
      expect(listed.filter((f) => names.includes(f!))).toEqual(names);
      for (const name of FLAT_PARAM_NAMES)
        expect(command.usage).toMatch(new RegExp(`^ {2}--${flagName(name)} ${escaped(rows[name]!.metavar)} `, 'm'));
    }
  });

  it('CLI: only the rows that respell top-level pipeline fields go beside --pipeline', () => {
    const pipeline = '{"legs": [{"type": "dense"}]}';
    for (const name of FLAT_PARAM_NAMES) {
      const value = name === 'filter' ? '{"year": 2020}' : name === 'level' ? 'doc' : name === 'qlang' ? 'de' : '3';
      const given = () => searchRequest({ pipeline, [flagName(name)]: value }, 'q', { k: 10, level: 'chunk' });
      if (PIPELINE_FIELD_PARAMS.includes(name)) expect(given, name).not.toThrow();
      else expect(given, name).toThrow(`--${flagName(name)} is a shorthand flag`);
    }
  });

  it('OpenAPI: the /search/{mode} parameters and the SearchRequest body are the rows, the mode enum is the mode row', () => {
    const route = doc.paths['/search/{mode}']!.get!.parameters!;
    expect(route.filter((p) => p.in === 'query').map((p) => p.name)).toEqual(['index', 'q', ...FLAT_PARAM_NAMES]);
    for (const p of route.filter((p) => FLAT_PARAM_NAMES.includes(p.name as never))) {
      const { description, ...schema } = fieldJsonSchema(rows[p.name]!.schema);
      expect(p.schema, p.name).toEqual(rows[p.name]!.querySchema ?? schema);
      expect(p.description, p.name).toBe(description);
    }
    expect(route.find((p) => p.in === 'path')!.schema.enum).toEqual([...MODES]);
    const body = doc.components.schemas.SearchRequest!.properties!;
    expect(Object.keys(body)).toEqual(['index', 'q', ...FLAT_PARAM_NAMES]);
  });

  it('playground: the form holds every row, then the gold-set fields; its number inputs carry the rows bounds', async () => {
    expect(FORM_FIELDS).toEqual(['index', 'q', ...FLAT_PARAM_NAMES, 'qrels', 'qid']);
    const catalog = new IndexCatalog(path.join(root, 'data'));
    const app = createApp({ catalog, corporaRoot: root, experimentsRoot: root, resultsRoot: root, cacheDir: root });
    const page = await (await app.request('/')).text();
    catalog.close();
    for (const name of ['k', 'rrf_k', 'alpha', 'depth']) {
      const input = new RegExp(`<input name="${name}"[^>]*>`).exec(page)?.[0] ?? '';
      const schema = fieldJsonSchema(rows[name]!.schema);
      expect(input, name).toContain(`placeholder="${schema.default}"`);
      expect(input, name).toContain(`min="${schema.minimum ?? schema.exclusiveMinimum}"`);
      expect(input, name).toContain(`max="${schema.maximum}"`);
    }
  });

  it("YAML: a retriever takes the retriever rows and refuses the experiment's, at the line of the key", () => {
    const yaml = (field: string) =>
      `name: t\ncorpus: corpora/demo\ngrid:\n  retrievers:\n    - name: h\n      mode: hybrid\n      ${field}\n`;
    for (const name of EXPERIMENT_PARAMS)
      expect(() => parseExperimentConfig(yaml(`${name}: 3`), 'e.yaml')).toThrow(
        `e.yaml:7 (field "grid.retrievers.0.${name}"): ${name} is the experiment's, not a retriever's`,
      );
    // Each retriever row's bound is checked where the key is: one past the owner's maximum.
    for (const name of RETRIEVER_PARAMS) {
      const max = fieldJsonSchema(rows[name]!.schema).maximum;
      if (typeof max !== 'number') continue;
      expect(() => parseExperimentConfig(yaml(`${name}: ${max + 1}`), 'e.yaml'), name).toThrow(
        new RegExp(`^e\\.yaml:7 \\(field "grid\\.retrievers\\.0\\.${name}"\\): ${name} must be `),
      );
    }
  });
});
