import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { testCorpus } from '../testing/locate-test-corpus.ts';
import { normaliseQuestion } from './normalise-question.ts';

// The 30 questions of the original evaluation, from the shared corpus (none when it is missing: the tests that read them skip).
const questions = (testCorpus.available ? JSON.parse(readFileSync(testCorpus.path('reference', 'original-eval-questions.json'), 'utf8')) : []) as { id: number; question: string }[];

function question(id: number): string {
  const found = questions.find((entry) => entry.id === id);
  if (!found) throw new Error(`no question ${id}`);
  return found.question;
}

describe('normaliseQuestion', () => {
  it('keeps a single capital as a label, except the article of a question in Title Case', () => {
    expect(normaliseQuestion('What are categories A and B of non-display use?').terms).toEqual(expect.arrayContaining(['a', 'b']));
    expect(normaliseQuestion('Which Sanctioned Parties May A Licensee Not Distribute CME Information To?').terms).not.toContain('a');
    expect(normaliseQuestion('What Is The Category A Fee?').terms).toContain('a');
  });


  it.each([
    ['what is', 'What is the ILA core terms?'],
    ['what are', 'What are the ILA core terms?'],
    ["what's", "What's the ILA core terms?"],
    ['can you', 'Can you the ILA core terms?'],
    ['could you', 'Could you the ILA core terms?'],
    ['would you', 'Would you the ILA core terms?'],
    ['please explain', 'Please explain the ILA core terms?'],
    ['please tell me', 'Please tell me the ILA core terms?'],
    ['how does', 'How does the ILA core terms?'],
    ['how do', 'How do the ILA core terms?'],
    ['how is', 'How is the ILA core terms?'],
    ['tell me about', 'Tell me about the ILA core terms?'],
    ['explain', 'Explain the ILA core terms?'],
    ['please', 'Please, the ILA core terms?'],
    ['hi', 'Hi, the ILA core terms?'],
    ['hey', 'Hey the ILA core terms?'],
    ['i was wondering', 'I was wondering: the ILA core terms?'],
    ['quick question', 'Quick question - the ILA core terms?'],
  ])('strips the leading phrase %j', (_phrase, text) => {
    expect(normaliseQuestion(text).text).toBe('ila core terms');
  });

  it('strips leading phrases repeatedly', () => {
    const text = 'Hi! Quick question: I was wondering if you could please explain what is the ILA core terms?';
    expect(normaliseQuestion(text).text).toBe('ila core terms');
    expect(normaliseQuestion('Hey, can you tell me about what are the ILA core terms').text).toBe('ila core terms');
  });

  it('does not strip a leading phrase that is only the start of a word', () => {
    expect(normaliseQuestion('SOFR fees?').text).toBe('sofr fees');
    expect(normaliseQuestion('Historical data fees?').text).toBe('historical data fees');
    expect(normaliseQuestion('Explanations of Unit of Count?').text).toBe('explanations unit count');
  });

  it.skipIf(!testCorpus.available)(testCorpus.title('gives stable forms for questions of the original evaluation set'), () => {
    expect(normaliseQuestion(question(1))).toEqual({
      text: 'real-time display device fee cme market data',
      terms: ['real-time', 'display', 'device', 'fee', 'cme', 'market', 'data'],
    });
    expect(normaliseQuestion(question(2)).text).toBe('non-display category a1 fees trading principal 4+ applications');
    expect(normaliseQuestion(question(9)).text).toBe('cme term sofr licensing fees january 2026');
    expect(normaliseQuestion(question(10)).text).toBe('maximum fee cap category a non-display licenses');
    expect(normaliseQuestion(question(11)).text).toBe('fees gme gulf mercantile exchange real-time distribution');
    expect(normaliseQuestion(question(19)).text).toBe('nasdaq market data pricing');
    expect(normaliseQuestion(question(23)).text).toBe(
      'unit count defined default market data apply single device running multiple services',
    );
    expect(normaliseQuestion(question(24)).text).toBe('non-display use licensing change effective april 1 2025');
    expect(normaliseQuestion(question(27)).text).toBe('long must licensee subscriber group retain records audit purposes');
    expect(normaliseQuestion(question(28)).text).toBe('three primary categories a b c used define internal non-display usage');
  });

  it.skipIf(!testCorpus.available)(testCorpus.title('keeps every original question non-empty, lower case, without stop words or trailing punctuation'), () => {
    expect(questions).toHaveLength(30);
    for (const entry of questions) {
      const result = normaliseQuestion(entry.question);
      expect(result.text.length, entry.question).toBeGreaterThan(0);
      expect(result.text).toBe(result.text.toLowerCase());
      expect(result.text).toBe(result.terms.join(' '));
      expect(result.terms).not.toContain('the');
      expect(result.terms).not.toContain('what');
      expect(result.text).not.toMatch(/[?.,!;:)]$/);
    }
  });

  it.skipIf(!testCorpus.available)(testCorpus.title('reduces conversational variants to the same terms as the plain question'), () => {
    const plain = normaliseQuestion(question(7)).text;
    expect(plain).toBe('monthly cost non-professional depth market subscription');
    for (const variant of [
      'Hey, what is the monthly cost for a non-professional depth of market subscription??',
      'Please tell me the monthly cost for a non-professional depth of market subscription.',
      'Quick question: could you tell me the monthly cost for a non-professional depth of market subscription?',
      'hi i was wondering what’s the monthly cost for a non-professional depth of market subscription',
    ]) {
      expect(normaliseQuestion(variant).text).toBe(plain);
    }
  });

  it('keeps money, percentages, years, ordinals, counts and hyphenated terms whole', () => {
    expect(normaliseQuestion('Is the fee $134.50 or $ 1,250.00 per device?').terms).toEqual(['fee', '$134.50', '$1,250.00', 'device']);
    expect(normaliseQuestion('Does the 1.5% late fee apply in 2025?').terms).toEqual(['1.5%', 'late', 'fee', 'apply', '2025']);
    expect(normaliseQuestion('What is the 3rd tier for 4+ applications and 15,001+ headcount?').terms).toEqual([
      '3rd',
      'tier',
      '4+',
      'applications',
      '15,001+',
      'headcount',
    ]);
    expect(normaliseQuestion('Can a sub-licensee receive non-display data on a 24-hour basis?').terms).toEqual([
      'sub-licensee',
      'receive',
      'non-display',
      'data',
      '24-hour',
      'basis',
    ]);
  });

  it('keeps legal modals and negated modals as one term each', () => {
    expect(normaliseQuestion('What a Licensee shall do and may not do').terms).toEqual(['licensee', 'shall', 'may not']);
    expect(normaliseQuestion('The Subscriber must not redistribute, must it?').terms).toEqual([
      'subscriber',
      'must not',
      'redistribute',
      'must',
    ]);
    expect(normaliseQuestion('May a Subscriber shall not display').terms).toEqual(['subscriber', 'shall not', 'display']);
  });

  it('keeps abbreviations even when they spell a stop word, and drops possessives', () => {
    expect(normaliseQuestion("What is Nasdaq's fee for US IT staff?").terms).toEqual(['nasdaq', 'fee', 'us', 'it', 'staff']);
    expect(normaliseQuestion('Which S&P fees does the U.S. schedule list?').terms).toEqual(['s&p', 'fees', 'u.s.', 'schedule', 'list']);
    expect(normaliseQuestion('WHAT IS THE FEE FOR IT?').terms).toEqual(['fee']);
  });

  it('drops quotes and parentheses but keeps what they hold', () => {
    expect(normaliseQuestion('What does “Unit of Count” (UOC) mean?').terms).toEqual(['unit', 'count', 'uoc', 'mean']);
  });
});
