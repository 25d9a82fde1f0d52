/**
 * Function words and the words of asking: they say how a question is put, not what it is about.
 * Both offline rerankers read a question's content terms without them (the lexical one adds a few
 * words of its own phrasing rules).
 */
export const QUESTION_STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a an the and or but nor if then than that this these those there here of for to in on at by with from as into onto ' +
    'over under about above below between among through during before after within without upon via per vs versus across ' +
    'is are was were be been being am do does did done have has had having can could should would will shall may might must ' +
    'what which who whom whose when where why how whether i me my we us our you your he she it its they them their ' +
    'any some all each every no not so such also too very just only other another same own both either neither ' +
    'please tell explain describe list give show provide find know need want say says said according regarding ' +
    'define defined definition definitions meaning mean means meant refer refers referred ' +
    'exactly currently current much many get gets got go goes something anything everything nothing else'
  ).split(/\s+/),
);

/** The question stop words with the words of the lexical scorers' phrasing rules (`terms`, `specific`, `long`, `far`): never content terms. */
export const LEXICAL_STOP_WORDS = new Set([...QUESTION_STOP_WORDS, 'terms', 'specific', 'long', 'far']);
