/** The years (1900–2099) a question names as words of their own (`2025`, not `$2025` or `12025`), once each, in order. */
export function findYearsNamed(question: string): string[] {
  return [...new Set(question.match(/(?<![\p{N}.,$])(?:19|20)\d{2}(?!\p{N})/gu) ?? [])];
}
