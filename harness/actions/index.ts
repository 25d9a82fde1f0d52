/** GitHub Actions: the job summary, annotations and outputs of a run, behind a small adapter. */
export type { ActionsAdapter, ActionsAnnotation } from './actions-adapter.ts';
export { createActionsAdapter, isGitHubActions } from './create-actions-adapter.ts';
export { MAX_CASE_ANNOTATIONS, publishToActions } from './publish-to-actions.ts';
export type { PublishedToActions } from './publish-to-actions.ts';
export { COMMENT_MARKER, renderPullRequestComment } from './render-pull-request-comment.ts';
