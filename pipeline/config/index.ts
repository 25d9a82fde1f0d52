export { ClausegateConfig, ExpansionRule, SourceConfig, SourceDocumentRule, POLICY_VERSION, DEFAULT_REFUSAL } from './config-schema.ts';
export { loadConfig, parseConfig, formatIssues, DEFAULT_CONFIG_FILE } from './load-config.ts';
export type { LoadedConfig, LoadConfigOptions, ProviderEnvironment } from './load-config.ts';
