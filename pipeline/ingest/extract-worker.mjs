// Entry of an extraction worker thread: the pipeline is TypeScript run through tsx, and a worker
// starts without its parent's loader hooks, so it registers them before loading the worker module.
import { register } from 'tsx/esm/api';

register();
await import('./extract-worker.ts');
