

// Words after which a short token is a label (`Category A`, `Schedule 1a`, `Appendix B`).
/** Words that name a label by a following code (`category a1`, `schedule 4`, `tier 2`). */
export const LABEL_WORDS: ReadonlySet<string> = new Set(['category', 'schedule', 'appendix', 'exhibit', 'section', 'tier', 'level', 'part', 'article', 'clause', 'type', 'class', 'annex']);
