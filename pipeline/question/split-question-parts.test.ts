import { describe, expect, it } from 'vitest';
import { splitQuestionParts } from './split-question-parts.ts';

describe('splitQuestionParts', () => {
  it('splits two questions joined by "and" before a question word or an auxiliary', () => {
    expect(splitQuestionParts('How often may the licensor inspect the records, and how much notice must it give?')).toEqual([
      'How often may the licensor inspect the records',
      'how much notice must it give',
    ]);
    expect(splitQuestionParts('How long is the initial term and can the licensee renew it?')).toEqual(['How long is the initial term', 'can the licensee renew it']);
  });

  it('splits before a preposition that opens a question of its own (`and in how many instalments`)', () => {
    expect(splitQuestionParts('How much does the licensee pay for the licence, and in how many instalments?')).toEqual([
      'How much does the licensee pay for the licence',
      'in how many instalments',
    ]);
    expect(splitQuestionParts('What is the royalty rate, and for how long is it payable?')).toEqual(['What is the royalty rate', 'for how long is it payable']);
    // …but not inside one question: `how much` after a preposition with no `and` before it.
    expect(splitQuestionParts('What is the fee for how much data?')).toEqual(['What is the fee for how much data?']);
  });

  it('splits after a question mark or a semicolon', () => {
    expect(splitQuestionParts('When was the first report due? What is the late fee?')).toEqual(['When was the first report due', 'What is the late fee']);
    expect(splitQuestionParts('Which law governs the agreement; where are disputes heard?')).toEqual(['Which law governs the agreement', 'where are disputes heard']);
  });

  it('keeps one question whole: a condition before a comma, a list, a question word inside a clause', () => {
    expect(splitQuestionParts('If we run one application, which tier applies?')).toEqual(['If we run one application, which tier applies?']);
    expect(splitQuestionParts('What are the fees for wallboards, devices and feeds?')).toEqual(['What are the fees for wallboards, devices and feeds?']);
    expect(splitQuestionParts('What is the date when the new fees apply?')).toEqual(['What is the date when the new fees apply?']);
  });

  it('splits a short part that asks something of its own (`and on what notice?`, `and since when?`)', () => {
    expect(splitQuestionParts('How often may the licensor audit, and on what notice?')).toEqual(['How often may the licensor audit', 'on what notice']);
    expect(splitQuestionParts('Was the evening rate withdrawn, and since when?')).toEqual(['Was the evening rate withdrawn', 'since when']);
    expect(splitQuestionParts('What is the storage fee, and is it recurring?')).toEqual(['What is the storage fee', 'is it recurring']);
  });

  it('leaves a part asking nothing of its own with the part before it: a bare question word, or only a number', () => {
    expect(splitQuestionParts('What does the licence exclude and why?')).toEqual(['What does the licence exclude and why?']);
    expect(splitQuestionParts('What was the seat fee in 2024, and what is it in 2025?')).toEqual(['What was the seat fee in 2024, and what is it in 2025?']);
  });
});
