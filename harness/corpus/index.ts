export { fetchCorpus, type FetchCorpusInput, type FetchedFile } from './fetch-corpus.ts';
export { CorpusManifest, DEFAULT_MANIFEST, readCorpusManifest, recordCorpusManifest, type CorpusFile } from './corpus-manifest.ts';
