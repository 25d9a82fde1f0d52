import { countTokens } from '../chunk/count-tokens.ts';
import { ClausegateError } from '../errors.ts';

/** Options of `sanitiseQuestion`. */
export interface SanitiseQuestionOptions {
  /** The longest question accepted, in cl100k_base tokens (`question.maxTokens`, default 256). */
  maxTokens: number;
}

/** A question made safe to process: clean text, its size and the prompt-injection phrases it holds. */
export interface SanitisedQuestion {
  /** NFKC-normalised, control and format characters removed, whitespace collapsed, trimmed. */
  text: string;
  /** cl100k_base tokens in `text`. */
  tokenCount: number;
  /**
   * Stable codes of the prompt-injection phrasings found (`ignore_instructions`, `role_change`,
   * `system_prompt`, `reveal_instructions`, `general_knowledge`, `suppress_refusal`, `jailbreak`,
   * `prompt_markup`), in that order, each once. Recorded only: the text is never altered or obeyed.
   */
  injectionFlags: string[];
}

// Each pattern runs on the lower-cased sanitised text. Most phrasings need an instruction word
// next to the verb, so that questions about a clause (`What does "ignore" mean in Schedule 2?`,
// `Can a Licensee act as a Distributor?`) are not flagged.
const INJECTION_PATTERNS: ReadonlyArray<{ flag: string; pattern: RegExp }> = [
  {
    flag: 'ignore_instructions',
    pattern:
      /\b(?:ignore|disregard|forget|override|bypass)\s+(?:(?:all|any|each|every|the|your|my|these|those|of|previous|prior|above|earlier|preceding|former|original|initial|system|existing|current|safety)\s+){0,4}(?:instructions?|prompts?|rules|directions|directives?|guidelines|guardrails|constraints|restrictions|context|messages|everything)\b/,
  },
  { flag: 'ignore_instructions', pattern: /\b(?:ignore|disregard|forget)\s+(?:all\s+(?:of\s+)?)?(?:the\s+|everything\s+)?(?:above|before|previous(?:ly)?|prior|said)\b/ },
  {
    flag: 'role_change',
    pattern:
      /\byou\s+are\s+now\b|\byou're\s+now\b|\bfrom\s+now\s+on,?\s+you\b|\bpretend\s+(?:to\s+be|you\s+are|that\s+you)\b|\brole-?play\b|(?:^|[.!?:;]\s*|\b(?:please|now|you\s+will|you\s+must|you\s+should|i\s+want\s+you\s+to)\s+)act\s+as\b|\bact\s+as\s+(?:an?\s+|my\s+)?(?:ai|assistant|chatbot|bot|language\s+model|llm|gpt|dan|unrestricted|unfiltered|different)\b/,
  },
  { flag: 'system_prompt', pattern: /\b(?:system|developer|hidden|initial|original)\s+(?:prompt|message)s?\b/ },
  {
    flag: 'reveal_instructions',
    pattern:
      /\b(?:reveal|print|repeat|leak|output|dump)\s+(?:me\s+)?(?:all\s+(?:of\s+)?)?(?:your|the)\s+(?:\w+\s+)?(?:instructions|prompt|rules|guidelines|configuration)\b|\b(?:show|display|tell|give)\s+(?:me\s+)?(?:all\s+(?:of\s+)?)?your\s+(?:\w+\s+)?(?:instructions|prompt|rules|guidelines|configuration)\b|\bwhat\s+(?:are|were|is)\s+your\s+(?:\w+\s+)?(?:instructions|prompt|rules|guidelines)\b/,
  },
  {
    flag: 'general_knowledge',
    pattern:
      /\b(?:answer|respond|reply)\s+(?:\w+\s+){0,3}?(?:from|using|with|based\s+on)\s+(?:your\s+)?(?:own\s+|general\s+|prior\s+|background\s+|outside\s+|world\s+|training\s+)(?:knowledge|data)\b|\buse\s+(?:your\s+)?(?:own|general|prior|outside|background)\s+knowledge\b|\b(?:don't|do\s+not|never)\s+(?:use|rely\s+on|cite|consult|look\s+at)\s+the\s+(?:provided\s+|given\s+)?(?:documents|sources|context)\b|\bwithout\s+(?:using\s+|relying\s+on\s+)?the\s+(?:provided\s+|given\s+)?(?:documents|sources|context)\b/,
  },
  {
    flag: 'suppress_refusal',
    pattern: /\b(?:do\s+not|don't|never|you\s+cannot|you\s+can't|you\s+must\s+not)\s+refuse\b|\beven\s+if\s+(?:it\s+is\s+|it's\s+)?not\s+in\s+the\s+(?:provided\s+)?(?:documents|sources|context)\b/,
  },
  { flag: 'jailbreak', pattern: /\bjail\s*-?\s*break|\bdan\s+mode\b|\bdeveloper\s+mode\b|\bdo\s+anything\s+now\b/ },
  { flag: 'prompt_markup', pattern: /<\|[a-z_]+\|>|\[\/?inst\]|<\/?(?:system|assistant|user)>|^(?:system|assistant)\s*:|###\s*(?:instruction|system)/ },
];

// Control (Cc) and format (Cf) characters: zero-width spaces, byte-order marks and bidirectional
// overrides are invisible to a reader but not to a model.
const LINE_BREAKS = /[\r\n\t\v\f\u0085\u2028\u2029]/g;
const INVISIBLE = /[\p{Cc}\p{Cf}]/gu;

/**
 * Makes a raw question safe to process: Unicode NFKC, line breaks and tabs to spaces, other control
 * and format characters removed, whitespace collapsed, trimmed; then flags likely prompt-injection
 * phrasings without changing the text. Throws `question_empty` when nothing is left and
 * `question_too_long` when the text is over `options.maxTokens` cl100k_base tokens.
 */
export function sanitiseQuestion(raw: string, options: SanitiseQuestionOptions): SanitisedQuestion {
  const text = raw.normalize('NFKC').replace(LINE_BREAKS, ' ').replace(INVISIBLE, '').replace(/\s+/gu, ' ').trim();
  if (text.length === 0) {
    throw new ClausegateError('question_empty', 'The question is empty (nothing is left after removing whitespace and control characters).', {
      hint: 'Ask a question in words, for example: "What is the monthly fee for a real-time display device?"',
    });
  }
  const tokenCount = countTokens(text);
  if (tokenCount > options.maxTokens) {
    throw new ClausegateError('question_too_long', `The question is ${tokenCount} tokens long; the limit is ${options.maxTokens} tokens (question.maxTokens).`, {
      hint: `Shorten the question to at most ${options.maxTokens} tokens or split it into separate questions; to accept longer questions, raise question.maxTokens in .clausegate.json.`,
    });
  }
  return { text, tokenCount, injectionFlags: findInjectionFlags(text) };
}

function findInjectionFlags(text: string): string[] {
  const lower = text.toLowerCase().replace(/[\u2018\u2019\u02bc]/g, "'");
  const flags: string[] = [];
  for (const { flag, pattern } of INJECTION_PATTERNS) {
    if (!flags.includes(flag) && pattern.test(lower)) flags.push(flag);
  }
  return flags;
}
