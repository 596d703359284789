// Entry of an analysis thread of an index build (analysis-pool.ts starts it): plain JavaScript,
// so it starts whatever runs the build. From dist/ the thread's code sits beside it, compiled
// (analysis-worker-main.js); from src/ (vitest, tsx) there is only analysis-worker-main.ts, and a
// worker does not inherit the TypeScript loader of the thread that started it, so tsx's loader
// is registered here first.
import fs from 'node:fs';

const compiled = new URL('./analysis-worker-main.js', import.meta.url);
if (fs.existsSync(compiled)) {
  await import(compiled.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(new URL('./analysis-worker-main.ts', import.meta.url).href);
}
