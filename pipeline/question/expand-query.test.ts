import { describe, expect, it } from 'vitest';
import { ClausegateConfig } from '../config/config-schema.ts';
import type { ExpansionRule } from '../config/config-schema.ts';
import { loadProjectSources } from '../testing/load-project-sources.ts';
import { expandQuery } from './expand-query.ts';

const defaults = ClausegateConfig.parse({}).retrieval;
// The CME source's rules from the project's .clausegate.json: real rules of a real source.
const rules: ExpansionRule[] = ClausegateConfig.parse({ sources: loadProjectSources() }).sources.cme!.expansions;

function texts(normalised: string): string[] {
  return expandQuery(normalised, rules, 'x3').forms.map((form) => form.text);
}

describe('expandQuery', () => {
  it('returns the normalised form alone when no rule applies, with the rules version', () => {
    expect(expandQuery('device fee waiver policies', rules, defaults.expansionRulesVersion)).toEqual({
      forms: [{ text: 'device fee waiver policies' }],
      rulesVersion: 'x5',
    });
  });

  it('puts the original first, then one form per matching rule with the pattern replaced', () => {
    expect(expandQuery('ila rt dom fees', rules, 'x3').forms).toEqual([
      { text: 'ila rt dom fees' },
      { text: 'information license agreement rt dom fees', rule: 'ILA → Information License Agreement' },
      { text: 'ila rt depth of market fees', rule: 'DOM → depth of market' },
      { text: 'ila real time dom fees', rule: 'RT → real time' },
    ]);
  });

  it('reads use in algorithms as the agreements\' Non-Display Use, one way', () => {
    expect(texts('can a subscriber use cme data in its own algorithms')).toEqual([
      'can a subscriber use cme data in its own algorithms',
      'can a subscriber use cme data in its own non-display use',
    ]);
    expect(texts('non-display use fees')).toEqual(['non-display use fees']);
  });

  it('reads mandatory as the agreements\' required, one way', () => {
    expect(texts('which schedules are mandatory')).toEqual(['which schedules are mandatory', 'which schedules are required']);
    expect(texts('which schedules are required')).toEqual(['which schedules are required']);
  });

  it('matches whole words only, ignoring case', () => {
    expect(texts('art startup rtx fees')).toEqual(['art startup rtx fees']);
    expect(texts('RT data')).toEqual(['RT data', 'real time data']);
    expect(texts('domestic dome fees')).toEqual(['domestic dome fees']);
    expect(texts('rt-data feed')).toEqual(['rt-data feed']);
    expect(texts('rt, delayed')).toEqual(['rt, delayed', 'real time, delayed']);
  });

  it('handles hyphenated patterns: non-pro but not non-professional', () => {
    expect(expandQuery('non-pro device fee', rules, 'x3').forms).toEqual([
      { text: 'non-pro device fee' },
      { text: 'non-professional device fee', rule: 'non-pro → non-professional' },
    ]);
    expect(expandQuery('nonpro device fee', rules, 'x3').forms).toEqual([
      { text: 'nonpro device fee' },
      { text: 'non-professional device fee', rule: 'nonpro → non-professional' },
    ]);
    // `non-pro` is not inside `non-professional`; the reverse rule turns the long form into `non-pro` once.
    expect(expandQuery('non-professional device fee', rules, 'x3').forms).toEqual([
      { text: 'non-professional device fee' },
      { text: 'non-pro device fee', rule: 'non-professional → non-pro' },
    ]);
  });

  it('applies a one-way synonym forwards only', () => {
    expect(texts('user non-display charges')).toEqual(['user non-display charges', 'user non-display fees']);
    expect(texts('user non-display fees')).toEqual(['user non-display fees']);
  });

  it('adds the abbreviation when the question uses the long form', () => {
    expect(expandQuery('information license agreement schedules', rules, 'x3').forms).toEqual([
      { text: 'information license agreement schedules' },
      { text: 'ila schedules', rule: 'Information License Agreement → ILA' },
    ]);
    expect(texts('depth of market subscription')).toEqual(['depth of market subscription', 'dom subscription']);
    expect(texts('real time fees')).toEqual(['real time fees', 'rt fees']);
  });

  it('replaces every occurrence and applies several rules independently, in rule order', () => {
    expect(texts('sofr and term sofr under the ila')).toEqual([
      'sofr and term sofr under the ila',
      'sofr and term sofr under the information license agreement',
      'secured overnight financing rate and term secured overnight financing rate under the ila',
    ]);
  });

  it('never repeats a form and is deterministic', () => {
    const duplicateRules = [
      { pattern: 'ILA', expansion: 'Information License Agreement' },
      { pattern: 'ila', expansion: 'information license agreement' },
    ];
    const expansion = expandQuery('ila fees', duplicateRules, 'test');
    expect(expansion.forms.map((form) => form.text)).toEqual(['ila fees', 'information license agreement fees']);
    expect(expandQuery('ila fees', duplicateRules, 'test')).toEqual(expansion);
  });

  it('escapes regular-expression characters in patterns', () => {
    const special = [{ pattern: 'S&P', expansion: 'standard and poors' }, { pattern: 'a.b', expansion: 'ab' }];
    expect(expandQuery('s&p fees axb', special, 'test').forms.map((form) => form.text)).toEqual([
      's&p fees axb',
      'standard and poors fees axb',
    ]);
  });
});
