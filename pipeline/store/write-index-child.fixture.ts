/**
 * Child process of the crash test: writes a fixture index version and, when the write reaches the
 * step named on the command line, says so on stdout and hangs until the parent kills it (SIGKILL).
 *
 * Usage: node --import tsx write-index-child.fixture.ts <indexDir> <source> <indexVersion> <count> <seed> <stopAtStep>
 */
import { createFixtureContent } from './store-fixtures.ts';
import { writeIndex, type WriteIndexStep } from './write-index.ts';

const [indexDir, source, indexVersion, count, seed, stopAt] = process.argv.slice(2);
if (!indexDir || !source || !indexVersion || !count || !seed || !stopAt) {
  process.stderr.write('usage: write-index-child.fixture.ts <indexDir> <source> <indexVersion> <count> <seed> <stopAtStep>\n');
  process.exitCode = 2;
} else {
  const content = createFixtureContent({ source, indexVersion, count: Number(count), seed: Number(seed) });
  await writeIndex({
    indexDir,
    source,
    ...content,
    onStep: async (step: WriteIndexStep) => {
      if (step !== stopAt) return;
      process.stdout.write(`reached ${step}\n`);
      // Keep the event loop alive until the parent kills this process mid-write.
      setInterval(() => undefined, 60_000);
      await new Promise(() => undefined);
    },
  });
  process.stdout.write('finished\n');
}
