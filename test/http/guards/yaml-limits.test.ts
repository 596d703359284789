import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadExperimentConfig, parseExperimentConfig } from '../../../src/experiments/config.js';
import { InputError } from '../../../src/errors.js';
import { tmpDir } from '../../helpers/tmp.js';
import { webFixture, type WebFixture } from '../../web/helpers/web-fixture.js';
import { expectRefused, INLINE_EXPERIMENT, post } from './guard-fixture.js';

/** Nine levels of nine aliases each: a few hundred bytes that expand to 9^9 strings ("billion laughs"). */
function billionLaughs(): string {
  const lines = ['a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]'];
  for (let i = 1; i < 9; i++) {
    const [prev, next] = [String.fromCharCode(96 + i), String.fromCharCode(97 + i)];
    lines.push(`${next}: &${next} [${Array(9).fill(`*${prev}`).join(', ')}]`);
  }
  return `${INLINE_EXPERIMENT}${lines.join('\n')}\n`;
}

let fx: WebFixture;
beforeAll(async () => {
  fx = await webFixture(tmpDir('guard-yaml-'));
  fs.writeFileSync(path.join(fx.root, 'experiments', 'bomb.yaml'), billionLaughs());
});
afterAll(() => fx.catalog.close());

const start = (body: unknown) => post(fx, '/experiments', JSON.stringify(body), { 'content-type': 'application/json' });

describe('POST /experiments: every YAML problem is a 400 naming it, and no job starts', () => {
  it('alias expansion over the limit (billion laughs), inline', async () => {
    const message = await expectRefused(fx, () => start({ yaml: billionLaughs() }), 400, 'bad_input');
    expect(message).toBe(
      '<request body>: invalid YAML: aliases expand to too many nodes (limit 100), as in an alias bomb',
    );
  });

  it('the same in a config named by file', async () => {
    const message = await expectRefused(fx, () => start({ config: 'bomb.yaml' }), 400, 'bad_input');
    expect(message).toMatch(/^bomb\.yaml: invalid YAML: aliases expand to too many nodes/);
  });

  it('a recursive alias, an unresolved alias, a syntax error, a non-mapping', async () => {
    const cases: [string, RegExp][] = [
      [`${INLINE_EXPERIMENT}description: &d [*d]\n`, /a recursive value/],
      [`${INLINE_EXPERIMENT}description: *nowhere\n`, /invalid YAML: Unresolved alias/],
      ['name: [unclosed\n', /^<request body>:\d+: invalid YAML: /],
      ['- just\n- a list\n', /must be a YAML mapping/],
      ['just a string\n', /must be a YAML mapping/],
    ];
    for (const [yaml, says] of cases)
      expect(await expectRefused(fx, () => start({ yaml }), 400, 'bad_input'), yaml).toMatch(says);
  });

  it('nesting 5,000 deep (flow sequences or mappings, within the body limit) says the config is nested too deeply, not what the parser ran out of', async () => {
    const n = 5_000;
    for (const deep of [`${'['.repeat(n)}${']'.repeat(n)}`, `${'{a: '.repeat(n)}1${'}'.repeat(n)}`]) {
      const message = await expectRefused(
        fx,
        () => start({ yaml: `${INLINE_EXPERIMENT}description: ${deep}\n` }),
        400,
        'bad_input',
      );
      expect(message).toMatch(/^<request body>:\d+: invalid YAML: nested too deeply to parse/);
      expect(message).not.toMatch(/call stack/i);
    }
  });
});

describe('parseExperimentConfig (and loading a file, as the CLI does)', () => {
  it('aliases within the limit still work', () => {
    const yaml = `${INLINE_EXPERIMENT.replace('corpus: tiny', 'corpus: &c tiny')}description: *c\n`;
    expect(parseExperimentConfig(yaml).description).toBe('tiny');
  });

  it('a bomb file is an InputError naming the file', () => {
    const file = path.join(fx.root, 'experiments', 'bomb.yaml');
    expect(() => loadExperimentConfig(file)).toThrow(InputError);
    expect(() => loadExperimentConfig(file)).toThrow(`${file}: invalid YAML: aliases expand to too many nodes`);
  });
});
