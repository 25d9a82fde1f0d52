import { wordsOf } from '../text/index.ts';
import { LEXICAL_STOP_WORDS } from './question-stop-words.ts';

// Words and signs that join two things inside one phrase.
const CONJUNCTIONS = new Set(['and', 'or', 'vs', 'versus', 'v', 'plus']);
// Words that open a question.
const QUESTION_WORDS = new Set(['what', 'whats', 'which', 'who', 'whom', 'whose', 'when', 'where', 'why', 'how', 'whether']);
// Articles between a conjunction and the words it joins.
const ARTICLES = new Set(['the', 'a', 'an']);
// How far after the conjunction a head shared by both sides may recur (`the north fee and the south region fee`).
const HEAD_REACH = 3;

/**
 * The words a question joins with a conjunction (`and`, `or`, `vs`, `plus`, `+`, `&`),
 * each of which asks to be answered: `what gold and silver rates apply` asks for two rates, `the
 * loading fee and storage fee` for two fees, `basic vs premium tier` for two tiers. They are the
 * content words right before and right after the conjunction; when the word before it recurs just
 * after (a head both sides share: `the loading fee and the storage fee`), the words before each copy
 * of it instead (`loading`, `storage`). A conjunction opening a second question (`…, and what is
 * the cap`) has a question word after it, not a content word: it joins no two things.
 * `normalized` is the question as `normalizeForMatching` returns it; the words are returned in
 * lower case, as written.
 */
export function findCoordinatedWords(normalized: string): Set<string> {
  // The question's words as the profile reads them (`non-financial` is one), a sign standing alone read as `plus`.
  const tokens = wordsOf(normalized.replace(/(?<=\s)[+&](?=\s)/g, 'plus'));
  const isContent = (token: string | undefined): token is string =>
    token !== undefined && !CONJUNCTIONS.has(token) && !LEXICAL_STOP_WORDS.has(token) && (token.length > 1 || /\p{N}/u.test(token));
  const words = new Set<string>();
  tokens.forEach((token, index) => {
    if (!CONJUNCTIONS.has(token)) return;
    const before = tokens[index - 1];
    // The words after the conjunction, past an article (`and the monthly fee`).
    let start = index + 1;
    while (ARTICLES.has(tokens[start] ?? '')) start += 1;
    const after = tokens[start];
    // `…, and until when…`, `…and for how long…`: a question word just after opens a second question.
    if (!isContent(before) || !isContent(after) || tokens.slice(start, start + 2).some((word) => QUESTION_WORDS.has(word))) return;
    // A head both sides share (`fee` of `the loading fee and the storage fee`) is not a side: the
    // words before each copy of it are.
    const head = tokens.slice(start + 1, start + HEAD_REACH).indexOf(before);
    if (head < 0) {
      words.add(before).add(after);
      return;
    }
    const beforeHead = tokens[index - 2];
    if (isContent(beforeHead)) words.add(beforeHead);
    for (const word of tokens.slice(start, start + 1 + head)) if (isContent(word)) words.add(word);
  });
  return words;
}
