import { experimentExamples } from './experiment-examples.js';
import { goldExamples } from './gold-examples.js';
import { indexExamples } from './index-examples.js';
import type { OperationExample } from './operation-example.js';
import { searchExamples } from './search-examples.js';
import { serviceExamples } from './service-examples.js';
import { trafficExamples } from './traffic-examples.js';

/** Every operation's example, by the operationId its route declares (routes/*-operations.ts), one file per tag. */
export const OPERATION_EXAMPLES: Record<string, OperationExample> = {
  ...searchExamples,
  ...indexExamples,
  ...experimentExamples,
  ...goldExamples,
  ...trafficExamples,
  ...serviceExamples,
};
