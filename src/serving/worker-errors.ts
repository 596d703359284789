import { UnreadableIndexError } from './catalog/index-status.js';
import { ConflictError, InputError, NotFoundError, TestbedError, UnavailableError, type Location } from '../errors.js';

/**
 * An error thrown in a worker thread, as the fields that rebuild it on the main thread: an Error
 * does not cross postMessage as its class, and the class decides the HTTP answer.
 */
export type ErrorData =
  | { kind: 'input'; detail: string; where: Location }
  | { kind: 'unreadable'; index: string; reason: string }
  | { kind: 'testbed'; name: string; code: string; status: TestbedError['status']; message: string }
  | { kind: 'internal'; message: string; stack?: string };

export function errorData(err: unknown): ErrorData {
  if (err instanceof InputError) return { kind: 'input', detail: err.detail, where: { ...err.where } };
  if (err instanceof UnreadableIndexError) return { kind: 'unreadable', index: err.index, reason: err.reason };
  if (err instanceof TestbedError)
    return { kind: 'testbed', name: err.name, code: err.code, status: err.status, message: err.message };
  const e = err instanceof Error ? err : new Error(String(err));
  return { kind: 'internal', message: e.message, ...(e.stack !== undefined && { stack: e.stack }) };
}

const BY_NAME: Record<string, (message: string) => TestbedError> = {
  NotFoundError: (m) => new NotFoundError(m),
  ConflictError: (m) => new ConflictError(m),
  UnavailableError: (m) => new UnavailableError(m),
};

/**
 * The error again, as the main thread throws it: the same class for ours (so the HTTP answer,
 * status, code and message, is the one the work done in-process gives), a plain Error otherwise
 * (a 500 whose detail is logged, never sent), its message led by `worker` (which thread failed).
 */
export function reviveWorkerError(data: ErrorData, worker: string): Error {
  switch (data.kind) {
    case 'input':
      return new InputError(data.detail, data.where);
    case 'unreadable':
      return new UnreadableIndexError(data.index, data.reason);
    case 'testbed':
      return BY_NAME[data.name]?.(data.message) ?? new WorkerTestbedError(data);
    case 'internal': {
      const err = new Error(`${worker}: ${data.message}`);
      if (data.stack) err.stack = `${worker}: ${data.stack}`;
      return err;
    }
  }
}

/** One of our errors of a class the table above does not name: status, code and message kept. */
class WorkerTestbedError extends TestbedError {
  readonly code: string;
  readonly status: TestbedError['status'];
  constructor(data: Extract<ErrorData, { kind: 'testbed' }>) {
    super(data.message);
    this.code = data.code;
    this.status = data.status;
    this.name = data.name;
  }
}
