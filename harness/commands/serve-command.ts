import type { Argv } from 'yargs';
import { createService, loadServiceSettings } from '../../service/index.ts';
import { createContext, type GlobalOptions } from '../cli-support/create-context.ts';
import { EXIT } from '../cli-support/exit-codes.ts';
import { resolveSource } from '../cli-support/resolve-source.ts';
import type { CommandIo } from '../cli.ts';

interface ServeOptions extends GlobalOptions {
  host?: string;
  port?: number;
  source?: string[];
}

/**
 * `harness serve`: the HTTP service over the ingested indexes of every tenant's sources, until
 * SIGTERM or SIGINT, which drain in-flight requests and async jobs before it exits 0. Settings come
 * from `RAG_*` variables; a bad one exits 2 naming it.
 */
export function registerServeCommand(cli: Argv<GlobalOptions>, io: CommandIo, setExitCode: (code: number) => void): Argv<GlobalOptions> {
  return cli.command(
    'serve',
    'Serve the pipeline over HTTP (README "Run as a service"; settings from RAG_* variables)',
    (command) =>
      command
        .option('host', { type: 'string', describe: 'address to listen on (default RAG_HOST or 127.0.0.1)' })
        .option('port', { type: 'number', describe: 'port (default RAG_PORT or 8080; 0 picks a free one)' })
        .option('source', { type: 'string', array: true, describe: 'sources of the one tenant RAG_API_KEY makes (a tenants file names its own); default: the only indexed source, or defaultSource in the config' })
        .epilog(
          [
            'Tenants: RAG_TENANTS_FILE (keys as sha256, sources, canSeeConfidential) or RAG_API_KEY; admin: RAG_ADMIN_KEY.',
            'Confidential documents, document types and dates are set per source in .clausegate.json (sources.<name>.documents)',
            'and recorded in the index at ingest; filters.doc_types and the date range limit what retrieval reads.',
            'Created templates: Redis with RAG_REDIS_URL (shared by replicas), else RAG_DATA_DIR/templates.json (.clausegate/service).',
            'A sync query waits at most RAG_QUEUE_TIMEOUT_SECONDS (30) for its turn, then 503 overloaded with Retry-After.',
          ].join('\n'),
        ),
    async (argv) => {
      const options = argv as unknown as ServeOptions;
      const context = createContext(options, io);
      const env = { ...io.env, ...(options.host === undefined ? {} : { RAG_HOST: options.host }), ...(options.port === undefined ? {} : { RAG_PORT: String(options.port) }) };
      const settings = loadServiceSettings(env);
      // A tenants file names its own sources; the one RAG_API_KEY tenant is never given one silently.
      const tenantSources = options.source ?? (settings.RAG_TENANTS_FILE === undefined ? [resolveSource({ requested: undefined, config: context.config, among: 'indexed' })] : []);
      const service = await createService({ settings, config: context.config, environment: context.environment, cwd: context.cwd, defaultTenantSources: tenantSources });
      const url = await service.listen();
      io.stdout(`clausegate service on ${url} · sources ${service.state.indexes.names.join(', ')} · cache ${service.state.cache.kind} · jobs ${service.state.jobs.kind}`);
      await new Promise<void>((resolve) => {
        const stop = (signal: string) => {
          io.stderr(`${signal}: draining in-flight requests`);
          void service.close().then(resolve, resolve);
        };
        process.once('SIGTERM', () => stop('SIGTERM'));
        process.once('SIGINT', () => stop('SIGINT'));
      });
      setExitCode(EXIT.ok);
    },
  );
}
