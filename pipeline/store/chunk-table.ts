import * as lancedb from '@lancedb/lancedb';
import * as arrow from 'apache-arrow';
import { z } from 'zod';
import type { Chunk } from '../types.ts';
import { CHUNK_TABLE_NAME } from './index-layout.ts';

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

/**
 * Creates the `chunks` table in the LanceDB database at `directory` (row order = chunk order) and
 * closes it. Vectors are copied into one Arrow buffer, never through JavaScript arrays.
 */
export async function writeChunkTable(directory: string, chunks: readonly Chunk[], vectors: readonly Float32Array[], dimensions: number): Promise<void> {
  const connection = await lancedb.connect(directory);
  try {
    const table = await connection.createTable(CHUNK_TABLE_NAME, toChunkArrowTable(chunks, vectors, dimensions), { mode: 'create' });
    table.close();
  } finally {
    connection.close();
  }
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

/** Everything the `chunks` table holds, in row order, with the vectors as one row-major matrix. */
export interface ChunkTableContent {
  chunks: Chunk[];
  /** `chunks.length × dimensions` float32, row `i` is the vector of `chunks[i]`. */
  matrix: Float32Array;
}

/**
 * Reads the whole `chunks` table of the database at `directory`. Throws a plain Error describing the
 * problem when the table is missing, malformed or its vectors are not `dimensions` wide (the caller
 * reports it as `index_corrupt`).
 */
export async function readChunkTable(directory: string, dimensions: number): Promise<ChunkTableContent> {
  const connection = await lancedb.connect(directory);
  try {
    const table = await connection.openTable(CHUNK_TABLE_NAME);
    try {
      checkVectorType(await table.schema(), dimensions);
      const data = await table.query().toArrow();
      // An empty result carries no schema of its own.
      if (data.numRows === 0) return { chunks: [], matrix: new Float32Array(0) };
      return decodeChunkTable(data, dimensions);
    } finally {
      table.close();
    }
  } finally {
    connection.close();
  }
}

/** Throws a plain Error unless the table's `vector` column is `dimensions` float32 wide. */
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

/** Decodes rows read from the `chunks` table (checked, in row order); throws a plain Error on a malformed row. */
export function decodeChunkTable(data: arrow.Table, dimensions: number): ChunkTableContent {
  const column = (name: string) => {
    const found = data.getChild(name);
    if (found === null) throw new Error(`the chunks table has no column ${name}`);
    return found;
  };
  const vectorColumn = column('vector');
  const rowCount = data.numRows;
  const matrix = new Float32Array(rowCount * dimensions);
  let at = 0;
  for (const part of vectorColumn.data) {
    const child = part.children[0];
    if (part.nullCount > 0 || child === undefined || child.nullCount > 0) throw new Error('the chunks table has missing vectors');
    const start = (child.offset + part.offset * dimensions);
    matrix.set((child.values as Float32Array).subarray(start, start + part.length * dimensions), at);
    at += part.length * dimensions;
  }

  const names = ['chunk_id', 'doc', 'source', 'doc_hash', 'ordinal', 'page_start', 'page_end', 'section_heading', 'span_start', 'span_end', 'text', 'token_count', 'is_definitions', 'kind'] as const;
  const values = {} as Record<(typeof names)[number], unknown[]>;
  for (const name of names) values[name] = Array.from(column(name) as Iterable<unknown>);
  const chunks: Chunk[] = [];
  for (let row = 0; row < rowCount; row += 1) {
    const parsed = StoredChunk.safeParse({
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
    });
    if (!parsed.success) throw new Error(`row ${row} of the chunks table is malformed: ${z.prettifyError(parsed.error)}`);
    chunks.push(parsed.data);
  }
  return { chunks, matrix };
}
