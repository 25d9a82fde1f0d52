import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { createLimiter } from './create-limiter.ts';
import type { PageOcr, PageOcrOutcome, RecognisedPage } from './page-ocr.ts';
import { readTesseractTsv } from './read-tesseract-tsv.ts';
import { runTool, type ToolRun } from './run-tool.ts';

/** Options of `createTesseractOcr`. */
export interface TesseractOcrOptions {
  /** The environment of the tools; its PATH finds `tesseract` and `pdftoppm`. */
  env: NodeJS.ProcessEnv;
  /** Where recognised pages are kept by the hash of their rendered image; none when absent. */
  cacheDir?: string | undefined;
  /** Pages rendered and recognised at once; default the number of CPUs. */
  concurrency?: number;
  /** Rendering resolution; default 300 (tesseract's recommended resolution). */
  dpi?: number;
  /** Tesseract language; default `eng`. */
  language?: string;
  /** Tesseract page segmentation mode; default 3 (automatic: columns and table cells become blocks, which the line rebuild puts back in rows). */
  pageSegmentation?: number;
  /** One page's render or recognition is stopped after this many ms; default 300,000. */
  timeoutMs?: number;
}

/** The Debian packages the OCR needs, as the hint names them. */
export const OCR_INSTALL_HINT = 'install tesseract (Debian/Ubuntu: apt-get install tesseract-ocr tesseract-ocr-eng poppler-utils) and ingest again';

/**
 * OCR with the tesseract command line: each page is rendered to a grayscale image by poppler's
 * `pdftoppm`, then read by `tesseract … tsv`; both are spawned without a shell. Pages run in
 * parallel, at most `concurrency` at once across every `recognise` call of this instance (each
 * tesseract on one thread: OMP_THREAD_LIMIT=1). A recognised page is cached in `cacheDir` under the
 * hash of its image and the engine's settings, so a re-ingest does not recognise it again.
 */
export function createTesseractOcr(options: TesseractOcrOptions): PageOcr {
  const dpi = options.dpi ?? 300;
  const language = options.language ?? 'eng';
  const pageSegmentation = options.pageSegmentation ?? 3;
  const timeoutMs = options.timeoutMs ?? 300_000;
  const env = { ...options.env, OMP_THREAD_LIMIT: '1' };
  const limiter = createLimiter(options.concurrency ?? availableParallelism());
  let probed: Promise<{ available: true; engine: string } | { available: false; message: string }> | undefined;
  const probe = () => (probed ??= probeTools(env, language, timeoutMs).then((found) => ('engine' in found ? { ...found, engine: `${found.engine} ${language} page segmentation mode ${pageSegmentation} ${dpi} dpi` } : found)));

  async function recognisePage(folder: string, pdfFile: string, page: number, engine: string): Promise<RecognisedPage> {
    const imageRoot = path.join(folder, `page-${page}`);
    const render = await runTool('pdftoppm', ['-r', String(dpi), '-gray', '-f', String(page), '-l', String(page), '-singlefile', pdfFile, imageRoot], { env, timeoutMs });
    if (!succeeded(render)) return { status: 'failed', message: `page ${page} could not be rendered for OCR: pdftoppm ${describeRun(render)}; check the PDF opens in a viewer, then ingest again` };
    const image = `${imageRoot}.pgm`;
    let key: string;
    try {
      key = createHash('sha256').update(engine).update('\n').update(await readFile(image)).digest('hex');
    } catch (error) {
      return { status: 'failed', message: `page ${page} could not be rendered for OCR: pdftoppm wrote no image (${(error as Error).message}); check the PDF opens in a viewer, then ingest again` };
    }
    const cached = await readCached(options.cacheDir, key, dpi);
    if (cached !== undefined) return { status: 'recognised', words: cached, cached: true };
    const run = await runTool('tesseract', [image, 'stdout', '-l', language, '-c', `tessedit_pageseg_mode=${pageSegmentation}`, '--dpi', String(dpi), 'tsv'], { env, timeoutMs });
    if (!succeeded(run)) {
      return { status: 'failed', message: `page ${page} could not be recognised: tesseract ${describeRun(run)}; check that \`tesseract --list-langs\` lists ${language} and that tesseract reads an image, then ingest again (failed pages are retried)` };
    }
    const tsv = run.stdout.toString('utf8');
    let words;
    try {
      words = readTesseractTsv(tsv, dpi).words;
    } catch (error) {
      return { status: 'failed', message: `page ${page} could not be recognised: tesseract printed ${(error as Error).message}; check the tesseract installation (tesseract --version), then ingest again` };
    }
    await writeCached(options.cacheDir, key, tsv);
    return { status: 'recognised', words, cached: false };
  }

  return {
    async describe() {
      const found = await probe();
      return found.available ? found.engine : `unavailable: ${found.message}`;
    },
    async recognise(pdf: Uint8Array, pages: readonly number[]): Promise<PageOcrOutcome> {
      const found = await probe();
      if (!found.available) return { status: 'unavailable', message: found.message };
      const folder = await mkdtemp(path.join(tmpdir(), 'clausegate-ocr-'));
      try {
        const pdfFile = path.join(folder, 'document.pdf');
        await writeFile(pdfFile, pdf);
        const results = await Promise.all(pages.map((page) => limiter.run(() => recognisePage(folder, pdfFile, page, found.engine))));
        return { status: 'recognised', pages: new Map(pages.map((page, index) => [page, results[index]!])) };
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
  };
}

async function probeTools(env: NodeJS.ProcessEnv, language: string, timeoutMs: number): Promise<{ available: true; engine: string } | { available: false; message: string }> {
  const version = await runTool('tesseract', ['--version'], { env, timeoutMs });
  if (version.status === 'missing') return { available: false, message: `tesseract is not installed (not on PATH); ${OCR_INSTALL_HINT}` };
  if (!succeeded(version)) return { available: false, message: `tesseract does not run: tesseract --version ${describeRun(version)}; ${OCR_INSTALL_HINT}` };
  const engine = /tesseract\s+v?(\S+)/i.exec(`${version.stdout.toString('utf8')}\n${version.stderr}`)?.[0] ?? 'tesseract';
  const languages = await runTool('tesseract', ['--list-langs'], { env, timeoutMs });
  const listed = languages.status === 'exited' ? `${languages.stdout.toString('utf8')}\n${languages.stderr}`.split(/\s+/) : [];
  if (!listed.includes(language)) {
    return { available: false, message: `tesseract has no "${language}" language data (tesseract --list-langs does not list it); install it (Debian/Ubuntu: apt-get install tesseract-ocr-${language}) and ingest again` };
  }
  const renderer = await runTool('pdftoppm', ['-v'], { env, timeoutMs });
  if (renderer.status === 'missing') return { available: false, message: `pdftoppm (poppler) is not installed, tesseract needs it to see PDF pages; ${OCR_INSTALL_HINT}` };
  return { available: true, engine };
}

function succeeded(run: ToolRun): run is Extract<ToolRun, { status: 'exited' }> {
  return run.status === 'exited' && run.code === 0 && !run.timedOut;
}

function describeRun(run: ToolRun): string {
  if (run.status === 'missing') return `is not on PATH (${run.message})`;
  if (run.timedOut) return 'took too long and was stopped';
  const said = run.stderr.trim().split('\n').filter((line) => line.trim() !== '').slice(-3).join(' / ').slice(0, 400);
  const exit = run.code === null ? `was stopped by ${run.signal ?? 'an error'}` : `exited with code ${run.code}`;
  return said === '' ? exit : `${exit}: "${said}"`;
}

async function readCached(cacheDir: string | undefined, key: string, dpi: number) {
  if (cacheDir === undefined) return undefined;
  try {
    return readTesseractTsv(await readFile(path.join(cacheDir, `${key}.tsv`), 'utf8'), dpi).words;
  } catch {
    // Missing, unreadable or damaged: recognise the page again (and overwrite the entry).
    return undefined;
  }
}

async function writeCached(cacheDir: string | undefined, key: string, tsv: string): Promise<void> {
  if (cacheDir === undefined) return;
  const file = path.join(cacheDir, `${key}.tsv`);
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    await mkdir(cacheDir, { recursive: true });
    await writeFile(temporary, tsv);
    await rename(temporary, file);
  } catch {
    // A cache that cannot be written (read-only or full disk) only costs a later re-recognition.
    await rm(temporary, { force: true }).catch(() => undefined);
  }
}
