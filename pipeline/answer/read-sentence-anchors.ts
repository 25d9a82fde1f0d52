import type { AnswerSentence } from '../providers/generator.ts';

/** A sentence's anchors (structured and inline, deduplicated) and its text with inline anchors removed. */
export interface SentenceAnchors {
  /** Structured anchors first, then inline ones, each once, in order of appearance. */
  anchors: string[];
  /** The sentence without its `[C#]` groups, spaces tidied. */
  text: string;
}

// `[C0]`, `[C0, C2]`, `[C0; c2]`: one bracket group holding one or more anchors.
const INLINE_GROUP = /\s*\[\s*(C\d+(?:\s*[,;]\s*C\d+)*)\s*\]/gi;

/**
 * Reads the anchors a sentence rests on: its structured `anchors` (trimmed, one pair of surrounding
 * brackets removed, `c` upper-cased: `" [c0] "` is `C0`; anything else is kept as written, so it
 * fails as an unknown anchor) and every `[C#]` group written in its text.
 */
export function readSentenceAnchors(sentence: AnswerSentence): SentenceAnchors {
  const anchors: string[] = [];
  const add = (anchor: string): void => {
    if (!anchors.includes(anchor)) anchors.push(anchor);
  };
  for (const anchor of sentence.anchors) add(normaliseAnchor(anchor));
  const text = sentence.text
    .replace(INLINE_GROUP, (_group: string, list: string) => {
      for (const anchor of list.split(/[,;]/)) add(normaliseAnchor(anchor));
      return '';
    })
    .replace(/\s+([.,;:!?])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  return { anchors, text };
}

function normaliseAnchor(anchor: string): string {
  const match = /^\[?\s*[Cc](\d+)\s*\]?$/.exec(anchor.trim());
  return match ? `C${match[1]}` : anchor.trim();
}
