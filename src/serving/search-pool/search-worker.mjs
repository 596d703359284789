// Entry of a search worker thread (search-pool.ts starts it): plain JavaScript, so it starts
// whatever runs the pool. From dist/ the worker's code sits beside it, compiled
// (search-worker-main.js); from src/ (vitest, tsx) there is only search-worker-main.ts, and a
// worker does not inherit the TypeScript loader of the thread that started it, so tsx's loader
// is registered here first.
import fs from 'node:fs';

const compiled = new URL('./search-worker-main.js', import.meta.url);
if (fs.existsSync(compiled)) {
  await import(compiled.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(new URL('./search-worker-main.ts', import.meta.url).href);
}
