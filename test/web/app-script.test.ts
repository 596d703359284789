import fs from 'node:fs';
import vm from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { IndexCatalog } from '../../src/serving/catalog/index-catalog.js';
import { createApp } from '../../src/http/app.js';
import { transpileScript } from '../../src/web/assets.js';
import { tmpDir } from '../helpers/tmp.js';

const source = fs.readFileSync(new URL('../../src/web/assets/app.ts', import.meta.url), 'utf8');
const catalog = new IndexCatalog(tmpDir('web-app-script-'));
afterAll(() => catalog.close());
const app = createApp({ catalog, corporaRoot: tmpDir('web-app-script-corpora-') });

describe('GET /assets/app.js (src/web/assets/app.ts, transpiled on first request)', () => {
  it('is what esbuild makes of app.ts: JavaScript a browser parses as a classic script', async () => {
    const res = await app.request('/assets/app.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const body = await res.text();
    expect(body).toBe(transpileScript(source));
    // the TypeScript itself is not JavaScript (type annotations, an interface), the served body is
    expect(() => new vm.Script(source)).toThrow(SyntaxError);
    expect(() => new vm.Script(body, { filename: 'app.js' })).not.toThrow();
    expect(body).not.toMatch(/\binterface\b|: (string|number|boolean|void)\b/);
  });

  it('runs on its own: waits for DOMContentLoaded and leaves no names in the global scope', async () => {
    const body = await (await app.request('/assets/app.js')).text();
    const listeners: string[] = [];
    const context = vm.createContext({ document: { addEventListener: (type: string) => listeners.push(type) } });
    const before = Object.keys(context);
    new vm.Script(body).runInContext(context);
    expect(listeners).toEqual(['DOMContentLoaded']);
    expect(Object.keys(context)).toEqual(before);
    expect(vm.runInContext('typeof setupPlayground', context)).toBe('undefined');
  });
});
