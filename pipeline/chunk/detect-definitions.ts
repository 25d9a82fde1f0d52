import { detectHeading } from './detect-heading.ts';
import { isTableRow } from './is-table-row.ts';

/** One defined term found in a text. */
export interface DetectedTerm {
  /** The term as written, without quotes, list markers or a leading "The term" (`Unit of Count`). */
  term: string;
  /** The rest of the definition line plus its continuation lines, whitespace collapsed to single spaces. */
  definition: string;
  /** Character offset of the term's first character in the text given to `detectDefinitions`. */
  offset: number;
}

/** What `detectDefinitions` found. */
export interface DefinitionDetection {
  /** True when the text reads as a definitions section (see `detectDefinitions`). */
  isDefinitions: boolean;
  terms: DetectedTerm[];
}

const OPEN_QUOTE = `["“'‘]`;
const CLOSE_QUOTE = `["”'’]`;
// `(1)`, `(a)`, `(iv)`, `1.`, `a)`, `1.2.3`, bullets and dashes.
const LIST_MARKER = String.raw`(?:\([0-9A-Za-z]{1,6}\)|[0-9A-Za-z]{1,3}[.)]|\d{1,3}(?:\.\d{1,3})+\.?|[•●▪◦∙·‣*–—-])`;
const THE_TERM = String.raw`(?:(?:The|the|THE)[ \t]+(?:term|Term|TERM)[ \t]+)`;
// A capitalized or digit-led word: `Subscriber`, `Non-Professional`, `S&P`, `10b-5`, `401k`, `1A`, `U.S.`.
const CAPITALIZED_WORD = String.raw`[A-Z0-9][A-Za-z0-9&'’./-]*`;
const CONNECTOR_WORD = String.raw`(?:of|and|or|the|to|for|in|on|at|by|with|per|a|an|de)`;
// Up to six capitalized words, one connector word allowed between two of them (`Unit of Count`).
// The separator is a literal space, never `\s`, so a term cannot run across a line break.
const BARE_TERM = String.raw`${CAPITALIZED_WORD}(?: +(?:${CONNECTOR_WORD} +)?${CAPITALIZED_WORD}){0,5}`;
const QUOTED_TERM = String.raw`[A-Za-z0-9&./(), '’–-]{1,80}?`;
const MEANS = String.raw`(?:(?:shall|Shall|SHALL)[ \t]+(?:mean|Mean|MEAN)|means|Means|MEANS|(?:is|IS)[ \t]+(?:defined|DEFINED)[ \t]+(?:as|AS))`;
// Words that open ordinary sentences, never a defined term (`That the Client:`, `This means…`,
// `SHALL BE LIABLE FOR:`), in Title case and upper case.
const SENTENCE_OPENERS = [
  'This', 'That', 'These', 'Those', 'Which', 'What', 'Who', 'Such', 'There', 'Here', 'Each', 'Any', 'All', 'Every',
  'Either', 'Neither', 'Both', 'No', 'Our', 'Your', 'Its', 'Their', 'His', 'Her', 'We', 'You', 'They', 'He', 'She',
  'Shall', 'May', 'Must', 'Will', 'Should', 'Can', 'Could', 'Would', 'Does', 'Do', 'Is', 'Are', 'Was', 'Were', 'Has',
  'Have', 'Had', 'Please', 'Thank', 'Notwithstanding', 'Provided', 'Except', 'Upon', 'Unless', 'If', 'When', 'Where',
  'While', 'Whereas', 'Although', 'Because', 'Since', 'Therefore', 'However', 'Accordingly', 'Also', 'Then', 'Now', 'In',
  'For', 'As', 'On', 'At', 'By', 'With', 'From', 'To', 'Of', 'Under', 'After', 'Before', 'During', 'Following',
];
// Labels that take a colon in forms, notices and prose (`Note: fees are…`, `DATE: | August/14/25`),
// refused only as the whole term (optionally numbered: `Example 2:`).
const LABELS = [
  'Note', 'Notes', 'Important Note', 'Example', 'Examples', 'Important', 'Warning', 'Caution', 'Tip', 'Source',
  'Sources', 'See', 'Email', 'E-mail', 'Tel', 'Telephone', 'Phone', 'Fax', 'Mobile', 'Address', 'Mailing Address',
  'Attention', 'Attn', 'Re', 'Cc', 'Subject', 'Date', 'Dated', 'Page', 'Step', 'Question', 'Answer', 'Q', 'A', 'Website',
  'Web', 'URL', 'Contact', 'Name', 'Title', 'Signature', 'Signed', 'Reserved', 'Definitions', 'Definition', 'Version',
];
function titleAndUpperCase(words: string[]): string {
  return [...new Set(words.flatMap((word) => [word, word.toUpperCase()]))].join('|');
}
const NOT_A_TERM = String.raw`(?:(?:${titleAndUpperCase(SENTENCE_OPENERS)})(?![A-Za-z0-9-])|(?:${titleAndUpperCase(LABELS)})(?: \d+)?[ \t]*(?::|${MEANS}|$))`;
const SEPARATOR = String.raw`(?:[ \t]*:(?=[ \t]|$)|[ \t]+${MEANS}(?=[ \t,:;.]|$)(?![ \t]+(?:of|that)\b))`;

/**
 * A line that opens a definition, with the groups `quoted` or `bare` (the term) and `rest` (the text
 * after the separator). Accepted: an optional list marker (`(1)`, `(a)`, `1.`, `•`), an optional
 * "The term", then a quoted term (straight or smart quotes, any words) or a bare term (at most six
 * words that start with a capital letter or a digit, one lowercase connector such as `of` allowed
 * between two of them), then a colon or `means` / `shall mean` / `is defined as` in lower, Title
 * or upper case. Bare labels such as `Note:` or pronouns such as `This means` are refused.
 * Apply it to one line at a time; it has no flags and keeps no state.
 */
export const DEFINITION_LINE_PATTERN = new RegExp(
  String.raw`^[ \t]*(?:${LIST_MARKER}[ \t]+)?${THE_TERM}?` +
    String.raw`(?:${OPEN_QUOTE}(?<quoted>${QUOTED_TERM})${CLOSE_QUOTE}|(?!${NOT_A_TERM})(?<bare>${BARE_TERM}))` +
    String.raw`${SEPARATOR}[ \t]*(?<rest>.*)$`,
);

// The same pattern with match indices, to report where the term starts.
const DEFINITION_LINE_WITH_INDICES = new RegExp(DEFINITION_LINE_PATTERN.source, 'd');
const DEFINITIONS_MARKER = /definition|defined term/i;
const OPENING_WINDOW = 500;
const SENTENCE_END = /[.!?]["”’)]?$/;
const NEW_SENTENCE_START = /^\s*[A-Z"“]/;

interface Line {
  text: string;
  start: number;
}

function splitLines(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  for (const raw of text.split('\n')) {
    lines.push({ text: raw.replace(/\r$/, ''), start });
    start += raw.length + 1;
  }
  return lines;
}

function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Finds defined terms in a text and says whether it reads as definitions: it does when
 * "definition" or "defined term" (any case) occurs in its first 500 characters, or when two or more
 * lines open a definition (`DEFINITION_LINE_PATTERN`) with a non-empty definition. A definition is
 * the rest of its line plus the following lines up to the next definition line, a blank line, a
 * heading, a table row, or a line that starts a new sentence after a line that ended one. A line
 * that opens a definition with no text after it and none below (a form label), or with only a blank
 * to fill in (`Effective Date: ______`), gives no term. The six-word limit on bare terms, their
 * capital or digit first letter and the refused openers (`Note:`, `This means`, `That the Client:`)
 * are what keep ordinary sentences with a colon out.
 */
export function detectDefinitions(text: string): DefinitionDetection {
  const lines = splitLines(text);
  const terms: DetectedTerm[] = [];
  let index = 0;
  while (index < lines.length) {
    const line = lines[index]!;
    const match = DEFINITION_LINE_WITH_INDICES.exec(line.text);
    if (!match?.groups) {
      index += 1;
      continue;
    }
    const term = match.groups.quoted ?? match.groups.bare ?? '';
    const termStart = match.indices?.groups?.quoted?.[0] ?? match.indices?.groups?.bare?.[0] ?? 0;
    const rest = match.groups.rest ?? '';
    if (rest.trim() !== '' && !/\p{L}/u.test(rest)) {
      // A form field waiting to be filled in (`Agreement Effective Date: ________`).
      index += 1;
      continue;
    }
    const parts = [rest];
    let next = index + 1;
    while (next < lines.length) {
      const candidate = lines[next]!.text;
      const previous = lines[next - 1]!.text;
      if (candidate.trim() === '' || DEFINITION_LINE_PATTERN.test(candidate) || isTableRow(candidate)) break;
      if (detectHeading(candidate, { previousLine: previous, nextLine: lines[next + 1]?.text }) !== undefined) break;
      // A new sentence at the start of a line after a finished one is a new paragraph, not the
      // definition going on (`Unless the context requires otherwise:` after the last definition).
      if (SENTENCE_END.test(previous.trim()) && NEW_SENTENCE_START.test(candidate)) break;
      parts.push(candidate);
      next += 1;
    }
    const definition = collapseWhitespace(parts.join(' '));
    if (/\p{L}/u.test(definition) && term.trim() !== '') {
      terms.push({ term: collapseWhitespace(term), definition, offset: line.start + termStart });
    }
    index = next;
  }
  const isDefinitions = DEFINITIONS_MARKER.test(text.slice(0, OPENING_WINDOW)) || terms.length >= 2;
  return { isDefinitions, terms };
}
