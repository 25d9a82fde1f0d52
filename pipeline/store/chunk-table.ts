import * as lancedb from '@lancedb/lancedb';
import * as arrow from 'apache-arrow';
import { z } from 'zod';
import type { Chunk } from '../types.ts';
import { CHUNK_TABLE_NAME } from './index-layout.ts';
import type { DatabaseLocation } from './index-store.ts';
import { chooseVectorIndex, createVectorIndex, type VectorIndexKind } from './search-chunk-vectors.ts';

/** A chunk as read back from the table, checked before it enters the domain. */
const StoredChunk = z
  .object({
    chunkId: z.string().min(1),
    doc: z.string().min(1),
    source: z.string().min(1),
    docHash: z.string().min(1),
    ordinal: z.number().int().min(0),
    pageStart: z.number().int().min(1),
    pageEnd: z.number().int().min(1),
    sectionHeading: z.string(),
    span: z.object({ start: z.number().int().min(0), end: z.number().int().min(0) }).strict(),
    text: z.string(),
    tokenCount: z.number().int().min(0),
    isDefinitions: z.boolean(),
    kind: z.enum(['prose', 'table', 'definitions']),
  })
  .strict();

// The stored shape and the domain type must stay the same; this fails to compile when they drift.
const sameShape: [Chunk, z.infer<typeof StoredChunk>] extends [z.infer<typeof StoredChunk>, Chunk] ? true : never = true;
void sameShape;

/** The Arrow schema of the `chunks` table; `vector` is a fixed-size list of `dimensions` float32. */
function chunkTableSchema(dimensions: number): arrow.Schema {
  const utf8 = (name: string) => new arrow.Field(name, new arrow.Utf8(), false);
  const int32 = (name: string) => new arrow.Field(name, new arrow.Int32(), false);
  return new arrow.Schema([
    utf8('chunk_id'),
    utf8('doc'),
    utf8('source'),
    utf8('doc_hash'),
    int32('ordinal'),
    int32('page_start'),
    int32('page_end'),
    utf8('section_heading'),
    int32('span_start'),
    int32('span_end'),
    utf8('text'),
    int32('token_count'),
    new arrow.Field('is_definitions', new arrow.Bool(), false),
    utf8('kind'),
    new arrow.Field('vector', new arrow.FixedSizeList(dimensions, new arrow.Field('item', new arrow.Float32(), true)), false),
  ]);
}

/** Connects to the LanceDB database at `location` (a local folder, or an object-store URI with its storage options). */
export async function connectDatabase(location: DatabaseLocation): Promise<lancedb.Connection> {
  return lancedb.connect(location.uri, location.storageOptions === undefined ? undefined : { storageOptions: location.storageOptions });
}

/**
 * Creates the `chunks` table in the LanceDB database at `directory` (row order = chunk order), with
 * an IVF_PQ index on `vector` once it has `VECTOR_INDEX_THRESHOLD` rows, and closes it. Vectors are
 * copied into one Arrow buffer, never through JavaScript arrays. Returns how its vectors are searched.
 */
export async function writeChunkTable(directory: DatabaseLocation, chunks: readonly Chunk[], vectors: readonly Float32Array[], dimensions: number): Promise<VectorIndexKind> {
  const connection = await connectDatabase(directory);
  try {
    const table = await connection.createTable(CHUNK_TABLE_NAME, toChunkArrowTable(chunks, vectors, dimensions), { mode: 'create' });
    try {
      return await indexChunkVectors(table, chunks.length, dimensions);
    } finally {
      table.close();
    }
  } finally {
    connection.close();
  }
}

/** Builds the vector index a table of `rows` rows gets (IVF_PQ from `VECTOR_INDEX_THRESHOLD` rows, none below) and says which. */
export async function indexChunkVectors(table: lancedb.Table, rows: number, dimensions: number): Promise<VectorIndexKind> {
  const kind = chooseVectorIndex(rows);
  if (kind === 'ivf_pq') await createVectorIndex(table, lancedb, rows, dimensions);
  return kind;
}

/** The rows of `chunks` (with `vectors[i]` the vector of `chunks[i]`) as an Arrow table of the `chunks` table's schema. */
export function toChunkArrowTable(chunks: readonly Chunk[], vectors: readonly Float32Array[], dimensions: number): arrow.Table {
  const schema = chunkTableSchema(dimensions);
  const strings = (values: string[]) => arrow.vectorFromArray(values, new arrow.Utf8()).data[0]!;
  const integers = (values: number[]) => arrow.makeData({ type: new arrow.Int32(), length: values.length, nullCount: 0, data: Int32Array.from(values) });
  const flat = new Float32Array(chunks.length * dimensions);
  vectors.forEach((vector, row) => flat.set(vector, row * dimensions));
  const vectorType = schema.fields[14]!.type as arrow.FixedSizeList<arrow.Float32>;
  const columns = [
    strings(chunks.map((chunk) => chunk.chunkId)),
    strings(chunks.map((chunk) => chunk.doc)),
    strings(chunks.map((chunk) => chunk.source)),
    strings(chunks.map((chunk) => chunk.docHash)),
    integers(chunks.map((chunk) => chunk.ordinal)),
    integers(chunks.map((chunk) => chunk.pageStart)),
    integers(chunks.map((chunk) => chunk.pageEnd)),
    strings(chunks.map((chunk) => chunk.sectionHeading)),
    integers(chunks.map((chunk) => chunk.span.start)),
    integers(chunks.map((chunk) => chunk.span.end)),
    strings(chunks.map((chunk) => chunk.text)),
    integers(chunks.map((chunk) => chunk.tokenCount)),
    arrow.vectorFromArray(chunks.map((chunk) => chunk.isDefinitions), new arrow.Bool()).data[0]!,
    strings(chunks.map((chunk) => chunk.kind)),
    arrow.makeData({
      type: vectorType,
      length: chunks.length,
      nullCount: 0,
      child: arrow.makeData({ type: new arrow.Float32(), length: flat.length, nullCount: 0, data: flat }),
    }),
  ];
  const batch = new arrow.RecordBatch(
    schema,
    arrow.makeData({ type: new arrow.Struct(schema.fields), length: chunks.length, nullCount: 0, children: columns }),
  );
  return new arrow.Table(schema, [batch]);
}

/** The columns of a chunk (every column but `vector`). */
const CHUNK_COLUMNS = ['chunk_id', 'doc', 'source', 'doc_hash', 'ordinal', 'page_start', 'page_end', 'section_heading', 'span_start', 'span_end', 'text', 'token_count', 'is_definitions', 'kind'] as const;

/** An opened `chunks` table; `close()` releases it and its connection. */
export interface OpenedChunkTable {
  table: lancedb.Table;
  close(): void;
}

/**
 * Opens the `chunks` table of the database at `directory` and checks its vector column. Throws a
 * plain Error describing the problem when the table is missing or its vectors are not `dimensions`
 * wide (the caller reports it as `index_corrupt`).
 */
export async function openChunkTable(directory: DatabaseLocation, dimensions: number): Promise<OpenedChunkTable> {
  const connection = await connectDatabase(directory);
  try {
    const table = await connection.openTable(CHUNK_TABLE_NAME);
    try {
      checkVectorType(await table.schema(), dimensions);
    } catch (error) {
      table.close();
      throw error;
    }
    return {
      table,
      close() {
        table.close();
        connection.close();
      },
    };
  } catch (error) {
    connection.close();
    throw error;
  }
}

/** Every chunk of the table in row order, without the vectors. Throws a plain Error on a malformed row. */
export async function readChunks(table: lancedb.Table): Promise<Chunk[]> {
  const data = await table.query().select([...CHUNK_COLUMNS]).toArrow();
  // An empty result carries no schema of its own.
  if (data.numRows === 0) return [];
  return decodeChunks(data);
}

/** Chunk ids as written by the chunker: letters, digits, `-`, `_`, `.` and `:` (anything else cannot be in the table). */
const CHUNK_ID = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,255}$/;
/** Ids per `IN (…)` filter. */
const IDS_PER_QUERY = 500;

/**
 * The stored vectors of the given chunks, read by id from the table (`chunk_id IN (…)`, quoted and
 * checked ids: an id that is not a well-formed chunk id is unknown and left out, never put in a filter).
 */
export async function readVectorsById(table: lancedb.Table, chunkIds: readonly string[], dimensions: number): Promise<Map<string, Float32Array>> {
  const wanted = [...new Set(chunkIds.filter((chunkId) => CHUNK_ID.test(chunkId)))];
  const found = new Map<string, Float32Array>();
  for (let start = 0; start < wanted.length; start += IDS_PER_QUERY) {
    const batch = wanted.slice(start, start + IDS_PER_QUERY);
    const filter = `chunk_id IN (${batch.map((chunkId) => `'${chunkId.replaceAll("'", "''")}'`).join(', ')})`;
    const data = await table.query().where(filter).select(['chunk_id', 'vector']).toArrow();
    if (data.numRows === 0) continue;
    const ids = Array.from(data.getChild('chunk_id') as Iterable<string>);
    const vectors = readMatrix(data, dimensions);
    ids.forEach((chunkId, row) => found.set(chunkId, vectors.slice(row * dimensions, (row + 1) * dimensions)));
  }
  // In the order asked for, as callers iterate the result.
  const result = new Map<string, Float32Array>();
  for (const chunkId of wanted) {
    const vector = found.get(chunkId);
    if (vector !== undefined) result.set(chunkId, vector);
  }
  return result;
}

/**
 * The given chunks (without vectors), read by id from the table like `readVectorsById`, in the
 * order asked for; unknown and malformed ids are left out. Throws a plain Error on a malformed row.
 */
export async function readChunksById(table: lancedb.Table, chunkIds: readonly string[]): Promise<Map<string, Chunk>> {
  const wanted = [...new Set(chunkIds.filter((chunkId) => CHUNK_ID.test(chunkId)))];
  const found = new Map<string, Chunk>();
  for (let start = 0; start < wanted.length; start += IDS_PER_QUERY) {
    const batch = wanted.slice(start, start + IDS_PER_QUERY);
    const filter = `chunk_id IN (${batch.map((chunkId) => `'${chunkId.replaceAll("'", "''")}'`).join(', ')})`;
    const data = await table.query().where(filter).select([...CHUNK_COLUMNS]).toArrow();
    if (data.numRows === 0) continue;
    for (const chunk of decodeChunks(data)) found.set(chunk.chunkId, chunk);
  }
  const result = new Map<string, Chunk>();
  for (const chunkId of wanted) {
    const chunk = found.get(chunkId);
    if (chunk !== undefined) result.set(chunkId, chunk);
  }
  return result;
}

export function checkVectorType(schema: arrow.Schema, dimensions: number): void {
  const field = schema.fields.find((candidate) => candidate.name === 'vector');
  if (field === undefined) throw new Error('the chunks table has no column vector');
  // LanceDB hands back objects of its own (CommonJS) copy of apache-arrow: compare type ids, not classes.
  const vectorType = field.type;
  const itemType = vectorType.children?.[0]?.type;
  const isFloat32List =
    arrow.DataType.isFixedSizeList(vectorType) &&
    vectorType.listSize === dimensions &&
    arrow.DataType.isFloat(itemType) &&
    itemType.precision === arrow.Precision.SINGLE;
  if (!isFloat32List) throw new Error(`the chunks table's vector column is ${String(vectorType)}, expected FixedSizeList[${dimensions}]<Float32>`);
}

/** The `vector` column of `data` as one row-major matrix. */
function readMatrix(data: arrow.Table, dimensions: number): Float32Array {
  const vectorColumn = data.getChild('vector');
  if (vectorColumn === null) throw new Error('the chunks table has no column vector');
  const matrix = new Float32Array(data.numRows * dimensions);
  let at = 0;
  for (const part of vectorColumn.data) {
    const child = part.children[0];
    if (part.nullCount > 0 || child === undefined || child.nullCount > 0) throw new Error('the chunks table has missing vectors');
    const start = child.offset + part.offset * dimensions;
    matrix.set((child.values as Float32Array).subarray(start, start + part.length * dimensions), at);
    at += part.length * dimensions;
  }
  return matrix;
}

/** Rows read from the `chunks` table (every column), as chunks and one row-major vector matrix. */
export function decodeChunkTable(data: arrow.Table, dimensions: number): { chunks: Chunk[]; matrix: Float32Array } {
  return { chunks: decodeChunks(data), matrix: readMatrix(data, dimensions) };
}

function decodeChunks(data: arrow.Table): Chunk[] {
  const column = (name: string) => {
    const found = data.getChild(name);
    if (found === null) throw new Error(`the chunks table has no column ${name}`);
    return found;
  };
  const rowCount = data.numRows;
  const values = {} as Record<(typeof CHUNK_COLUMNS)[number], unknown[]>;
  for (const name of CHUNK_COLUMNS) values[name] = Array.from(column(name) as Iterable<unknown>);
  const chunks: Chunk[] = [];
  for (let row = 0; row < rowCount; row += 1) {
    const candidate = {
      chunkId: values.chunk_id[row],
      doc: values.doc[row],
      source: values.source[row],
      docHash: values.doc_hash[row],
      ordinal: values.ordinal[row],
      pageStart: values.page_start[row],
      pageEnd: values.page_end[row],
      sectionHeading: values.section_heading[row],
      span: { start: values.span_start[row], end: values.span_end[row] },
      text: values.text[row],
      tokenCount: values.token_count[row],
      isDefinitions: values.is_definitions[row],
      kind: values.kind[row],
    };
    // zod per row cost most of reading a large table; the same rules checked by hand first, and
    // zod (the schema of record, and its message) only for a row that fails them.
    if (isStoredChunk(candidate)) {
      chunks.push(candidate);
      continue;
    }
    const parsed = StoredChunk.safeParse(candidate);
    if (!parsed.success) throw new Error(`row ${row} of the chunks table is malformed: ${z.prettifyError(parsed.error)}`);
    chunks.push(parsed.data);
  }
  return chunks;
}

const CHUNK_KINDS: ReadonlySet<unknown> = new Set(StoredChunk.shape.kind.options);

/** `StoredChunk`'s rules, checked without zod (the fast path of `decodeChunks`; `StoredChunk` stays the schema of record). */
function isStoredChunk(row: Record<keyof Chunk, unknown> & { span: { start: unknown; end: unknown } }): row is Chunk {
  const text = (value: unknown, minimum: number) => typeof value === 'string' && value.length >= minimum;
  const integer = (value: unknown, minimum: number) => typeof value === 'number' && Number.isInteger(value) && value >= minimum;
  return (
    text(row.chunkId, 1) &&
    text(row.doc, 1) &&
    text(row.source, 1) &&
    text(row.docHash, 1) &&
    integer(row.ordinal, 0) &&
    integer(row.pageStart, 1) &&
    integer(row.pageEnd, 1) &&
    text(row.sectionHeading, 0) &&
    integer(row.span.start, 0) &&
    integer(row.span.end, 0) &&
    text(row.text, 0) &&
    integer(row.tokenCount, 0) &&
    typeof row.isDefinitions === 'boolean' &&
    CHUNK_KINDS.has(row.kind)
  );
}
