import type * as lancedb from '@lancedb/lancedb';
import type { Chunk } from '../types.ts';
import { checkVectorType, connectDatabase, decodeChunkTable } from './chunk-table.ts';
import { CHUNK_TABLE_NAME } from './index-layout.ts';
import type { DatabaseLocation } from './index-store.ts';

/** The stored chunks of some documents of one index version, read a few documents at a time. */
export interface DocumentChunkReader {
  /** The chunks of each document (by sha256, in chunk order) with their vectors; documents not stored are left out. */
  read(docHashes: readonly string[]): Promise<Map<string, { chunks: Chunk[]; vectors: Float32Array[] }>>;
  close(): void;
}

const SHA256 = /^[0-9a-f]{64}$/;

/**
 * Opens the `chunks` table of a version folder (`IndexStore.database(versionDir)`) for reading whole documents by their
 * content hash (a filtered scan, never the whole table into memory): what an incremental ingest
 * reuses of the previous version. Throws a plain Error when the table is missing or its vectors
 * are not `dimensions` wide.
 */
export async function openDocumentChunkReader(versionDir: DatabaseLocation, dimensions: number): Promise<DocumentChunkReader> {
  const connection = await connectDatabase(versionDir);
  let table: lancedb.Table;
  try {
    table = await connection.openTable(CHUNK_TABLE_NAME);
    checkVectorType(await table.schema(), dimensions);
  } catch (error) {
    connection.close();
    throw error;
  }
  return {
    async read(docHashes) {
      const result = new Map<string, { chunks: Chunk[]; vectors: Float32Array[] }>();
      const wanted = docHashes.filter((hash) => SHA256.test(hash));
      if (wanted.length === 0) return result;
      // Only 64 hex digits reach the filter: nothing in it can be read as SQL.
      const data = await table.query().where(`doc_hash IN (${wanted.map((hash) => `'${hash}'`).join(', ')})`).toArrow();
      if (data.numRows === 0) return result;
      const { chunks, matrix } = decodeChunkTable(data, dimensions);
      chunks.forEach((chunk, row) => {
        const entry = result.get(chunk.docHash) ?? { chunks: [], vectors: [] };
        entry.chunks.push(chunk);
        entry.vectors.push(matrix.slice(row * dimensions, (row + 1) * dimensions));
        result.set(chunk.docHash, entry);
      });
      for (const entry of result.values()) {
        const order = entry.chunks.map((chunk, at) => at).sort((a, b) => entry.chunks[a]!.ordinal - entry.chunks[b]!.ordinal);
        entry.chunks = order.map((at) => entry.chunks[at]!);
        entry.vectors = order.map((at) => entry.vectors[at]!);
      }
      return result;
    },
    close() {
      table.close();
      connection.close();
    },
  };
}
