const gluedByDocuments = new WeakMap<readonly string[], readonly string[]>();

/**
 * The documents' file names as one run of lowercase letters each (`ACMERIVERSTRUST_2019-EX-10.pdf`
 * → `acmeriverstrustexpdf`): a file name glues a party's words, so a name written there is written
 * in the source. Read once per list of documents (a source keeps one list while its index is open).
 */
export function gluedFileNames(documents: readonly string[]): readonly string[] {
  let names = gluedByDocuments.get(documents);
  if (names === undefined) {
    names = documents.map((doc) => glueLetters(doc));
    gluedByDocuments.set(documents, names);
  }
  return names;
}

/** The letters of a text, lowercase, with everything else left out. */
export function glueLetters(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}]+/gu, '');
}
