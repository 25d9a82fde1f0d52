import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bundleExtractWorker } from './bundle-extract-worker.ts';

describe('bundleExtractWorker', () => {
  it('compiles the worker into one JavaScript module whose packages resolve, then removes it', async () => {
    const bundle = await bundleExtractWorker();
    expect(bundle).toBeDefined();
    const { file, remove } = bundle!;
    try {
      const code = readFileSync(file, 'utf8');
      // The pipeline's modules are inside; the packages stay imports (resolved from the project's node_modules).
      expect(code).toMatch(/function extractAndChunk\(/);
      expect(code).toMatch(/from "pdfjs-dist\/legacy\/build\/pdf\.mjs"/);
      // Files found beside a module are found beside its source, not beside the bundle.
      expect(code).not.toMatch(/import\.meta\.url/);
      // Loading it outside a worker thread does nothing but load (there is no parent port to answer).
      await expect(import(pathToFileURL(file).href)).resolves.toBeDefined();
    } finally {
      await remove();
    }
    expect(existsSync(file)).toBe(false);
  });
});
