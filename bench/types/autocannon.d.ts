/**
 * The part of autocannon's programmatic API the bench scripts use (the package ships no types).
 * See node_modules/autocannon/README.md, "API" and "Results".
 */
declare module 'autocannon' {
  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  }
  interface RawRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface RequestSpec extends RawRequest {
    setupRequest?: (request: RawRequest, context: Record<string, unknown>) => RawRequest;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    requests?: RequestSpec[];
    title?: string;
  }
  interface Result {
    title?: string;
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    mismatches: number;
    statusCodeStats: Record<string, { count: number }>;
  }
  /** Emits `response` (client, statusCode, resBytes, responseTime in ms) for every response. */
  interface Instance {
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
    ): Instance;
  }
  function autocannon(options: Options): Promise<Result>;
  function autocannon(options: Options, done: (err: Error | null, result: Result) => void): Instance;
  export type { Result };
  export default autocannon;
}
