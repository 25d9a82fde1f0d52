/** A reviewed substitution: `word` may be replaced by any of `synonyms` without changing what a contract analyst reads. */
export interface GlossaryEntry {
  /** The word as written in a question, lower case (inflected forms are entries of their own). */
  word: string;
  synonyms: readonly string[];
  /** Only when the next word is this one (`required to` → `obliged to`). */
  nextWord?: string;
  /** Never when the next word is this one (`required to` is not `necessary to`). */
  notNextWord?: string;
  /** Only when the previous word is one of these (`Licensee required to`, not `notice required to`). */
  previousWordIn?: readonly string[];
  /** Why the substitution keeps the meaning, or what was rejected and why. */
  reason: string;
}

/** The licensing vocabulary of the synonym perturbation. */
export interface LicensingGlossary {
  /** Reviewed substitutions; they win over WordNet. */
  synonyms: readonly GlossaryEntry[];
  /**
   * Words and phrases (lower case) that are never replaced, and never used as a replacement:
   * defined terms of the CME documents, units of count, document and structure names. Matched as
   * whole words; a phrase protects every word in it.
   */
  protectedTerms: readonly string[];
  /** `word → synonym` pairs WordNet offers that change the meaning; reviewed on the CME suite and rejected. */
  rejectedWordNetSynonyms: readonly string[];
}

// Who can be under a duty: the words that may stand before `required to` / `obliged to`.
const PARTIES = ['licensee', 'licensees', 'subscriber', 'subscribers', 'distributor', 'distributors', 'group', 'party', 'parties', 'vendor', 'vendors', 'firm', 'i', 'we', 'you', 'they'];

/**
 * The reviewed licensing glossary. Each substitution was read against the CME documents (the ILA,
 * its schedules, the Information Policies, the fee lists and notices): the replacement must name
 * the same thing or act for a contract analyst. Rejected on purpose, with the reason:
 * `fee` → `price`/`cost` (a "device price" reads as the price of the hardware); `device` →
 * `terminal` (Device is defined as any display unit, fixed or portable — a terminal is only one
 * kind; the Order Routing Device is "a trading terminal"); `customer` → `client` (Client is a
 * defined term); `prior notice` → `previous notice` (prior written notice is advance notice);
 * `late fee` → `overdue fee` (an overdue fee is one not yet paid); `charge` (verb or noun: "What does
 * CME charge" has no noun reading); `report`, `audit`, `count`, `use` (defined processes and units).
 */
export const LICENSING_GLOSSARY: LicensingGlossary = {
  synonyms: [
    { word: 'fee', synonyms: ['charge'], reason: 'the fee lists and notices use fee and charge for the same billed amount ("Report Processing Fee", "charges")' },
    { word: 'fees', synonyms: ['charges'], reason: 'plural of fee → charge, same reading' },
    { word: 'obligation', synonyms: ['requirement', 'duty'], reason: 'a party\'s contractual obligation is its duty, and what the ILA requires of it' },
    { word: 'obligations', synonyms: ['requirements', 'duties'], reason: 'plural of obligation → requirement, duty' },
    { word: 'requirement', synonyms: ['obligation'], reason: 'what the ILA requires of a party is its obligation' },
    { word: 'requirements', synonyms: ['obligations'], reason: 'plural of requirement → obligation' },
    {
      word: 'required',
      synonyms: ['obliged'],
      nextWord: 'to',
      previousWordIn: PARTIES,
      reason: '"a Licensee required to report" is one obliged to report; only after a party ("notice required to terminate" is not "notice obliged to")',
    },
    { word: 'required', synonyms: ['necessary'], notNextWord: 'to', reason: '"what notice is required" asks what notice is necessary; not before "to" ("necessary to report" changes the subject)' },
    { word: 'permitted', synonyms: ['allowed'], reason: 'permitted and allowed use are the same grant' },
    { word: 'allowed', synonyms: ['permitted'], reason: 'allowed and permitted use are the same grant' },
    { word: 'permit', synonyms: ['allow'], reason: 'verb: "does the ILA permit" asks what it allows' },
    { word: 'permits', synonyms: ['allows'], reason: 'third person of permit → allow' },
    { word: 'prohibited', synonyms: ['forbidden'], reason: 'a prohibited use is a forbidden one' },
    { word: 'prohibit', synonyms: ['forbid'], reason: 'verb: prohibiting a use is forbidding it' },
    { word: 'terminate', synonyms: ['end'], reason: 'terminating the agreement ends it; not "cancel", which the UCC distinguishes' },
    { word: 'terminated', synonyms: ['ended'], reason: 'past participle of terminate' },
    { word: 'provide', synonyms: ['furnish', 'supply'], reason: 'providing information to a party is furnishing or supplying it' },
    { word: 'receive', synonyms: ['get'], reason: 'receiving Information is getting it; the ILA\'s receipt has no narrower sense' },
    { word: 'receives', synonyms: ['gets'], reason: 'third person of receive' },
    { word: 'keep', synonyms: ['retain'], reason: 'keeping records is retaining them (record retention)' },
    { word: 'kept', synonyms: ['retained'], reason: 'past participle of keep' },
    { word: 'retain', synonyms: ['keep'], reason: 'retaining records is keeping them' },
    { word: 'retained', synonyms: ['kept'], reason: 'past participle of retain' },
    { word: 'agreement', synonyms: ['contract'], reason: 'a license agreement is a contract; capitalised agreement names are never touched' },
    { word: 'notice', synonyms: ['notification'], reason: 'written notice is written notification; fee notices are notifications of fees' },
    { word: 'invoice', synonyms: ['bill'], reason: 'an invoice is a bill for the fees' },
    { word: 'invoices', synonyms: ['bills'], reason: 'plural of invoice → bill' },
    { word: 'invoiced', synonyms: ['billed'], reason: 'past participle of invoice' },
    { word: 'charged', synonyms: ['billed'], reason: '"how is the fee charged" asks how it is billed' },
    { word: 'begin', synonyms: ['start'], reason: 'when a term or fee begins is when it starts' },
    { word: 'start', synonyms: ['begin'], reason: 'when a term or fee starts is when it begins' },
    { word: 'increase', synonyms: ['rise'], reason: 'a fee increase is a fee rise (noun and verb)' },
    { word: 'increases', synonyms: ['rises'], reason: 'plural or third person of increase' },
    { word: 'deadline', synonyms: ['due date'], reason: 'a reporting or payment deadline is its due date' },
    { word: 'limit', synonyms: ['cap'], reason: 'a usage or liability limit is a cap (noun and verb)' },
    { word: 'calculate', synonyms: ['compute'], reason: 'calculating a fee is computing it' },
    { word: 'calculated', synonyms: ['computed'], reason: 'past participle of calculate' },
    { word: 'annual', synonyms: ['yearly'], reason: 'an annual fee or increase is a yearly one' },
    { word: 'annually', synonyms: ['yearly'], reason: 'adverb of annual' },
    { word: 'submit', synonyms: ['file'], reason: 'submitting a report is filing it' },
    { word: 'submitted', synonyms: ['filed'], reason: 'past participle of submit' },
    { word: 'happens', synonyms: ['occurs'], reason: '"what happens if" asks what occurs' },
    { word: 'explain', synonyms: ['describe'], reason: 'a request to explain a clause asks to describe it' },
    { word: 'definition', synonyms: ['meaning'], reason: 'the definition of a defined term is its meaning' },
    { word: 'mean', synonyms: ['signify'], reason: '"what does X mean" asks what it signifies' },
  ],
  protectedTerms: [
    // Defined terms of the ILA, its schedules and the Information Policies (lower case: users write them so).
    'subscriber', 'subscribers', 'licensee', 'licensees', 'sub-licensee', 'distributor', 'distributors', 'device', 'devices',
    'display', 'non-display', 'information', 'application', 'applications', 'service', 'services', 'affiliate', 'affiliates',
    'client', 'clients', 'customer', 'customers', 'day', 'days', 'person', 'persons', 'product', 'products', 'website', 'websites',
    'wallboard', 'wallboards', 'intranet', 'subscription', 'subscriptions', 'quote', 'quotes', 'index', 'indices', 'indexes',
    'benchmark', 'benchmarks', 'category', 'categories', 'professional', 'non-professional', 'non-pro', 'real-time', 'real time',
    'delayed', 'historical', 'intraday', 'end user', 'user', 'users', 'entity', 'entities', 'group', 'firm', 'enterprise',
    'unit of count', 'access id', 'top of book', 'market depth', 'depth of market', 'end of day', 'market data', 'data', 'feed',
    'feeds', 'location', 'board',
    // Licensing acts and processes with a defined scope.
    'redistribution', 'redistribute', 'distribution', 'distribute', 'usage', 'use', 'uses', 'license', 'licence', 'licensing',
    'licensed', 'audit', 'audits', 'report', 'reports', 'reporting', 'count', 'counted', 'counting', 'trading', 'order',
    'orders', 'routing', 'clearing', 'principal', 'platform', 'system', 'systems', 'waiver', 'waive', 'waived', 'exempt',
    'exemption', 'term', 'terms', 'renewal', 'effective', 'internal', 'external', 'hosted', 'direct', 'indirect',
    // Documents and their structure.
    'schedule', 'schedules', 'appendix', 'addendum', 'exhibit', 'section', 'clause', 'policy', 'policies', 'fee list',
    'fee lists', 'guide',
  ],
  rejectedWordNetSynonyms: [
    // `have in place` is an idiom; `have in spot` is not English.
    'place → spot',
    // `can you tell me` → `can you state me` is not English.
    'tell → state',
    // `the sum of the Device Fee` reads as adding fees up.
    'amount → sum',
  ],
};
