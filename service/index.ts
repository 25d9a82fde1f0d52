/**
 * The service: the pipeline behind an HTTP API (Fastify), with tenants, a cache, async jobs,
 * templates, metrics and a Slack command. The harness starts it (`harness serve`).
 */
export { createService } from './create-service.ts';
export type { CreateServiceOptions, Service } from './create-service.ts';
export { loadServiceSettings, ServiceSettings } from './settings/service-settings.ts';
export { hashKey, TenantsFile } from './tenants/tenant-registry.ts';
export { QueryRequest, QueryResponse, SimulationResponse } from './query/query-schemas.ts';
export { BUILT_IN_TEMPLATES, renderTemplate } from './templates/prompt-template.ts';
export { answerWithTemplate } from './query/answer-with-template.ts';
export type { TemplateOptions } from './query/answer-with-template.ts';
export type { PromptTemplate } from './templates/prompt-template.ts';
export { ServiceError } from './service-error.ts';
export type { ServiceErrorCode } from './service-error.ts';
export { createServiceAnswerer } from './client/create-service-answerer.ts';
export type { ServiceAnswererOptions } from './client/create-service-answerer.ts';
