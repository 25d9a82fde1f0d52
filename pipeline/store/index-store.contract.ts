import * as arrow from 'apache-arrow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from './chunk-table.ts';
import type { IndexStore } from './index-store.ts';

/** A store under test and how to release it. */
export interface StoreUnderTest {
  store: IndexStore;
  close(): Promise<void>;
}

/**
 * The contract every `IndexStore` keeps, run against each implementation (a local folder and a real
 * S3-compatible server): missing files read as undefined, writes replace whole, listings name what
 * is directly inside, deletes are scoped to one folder, and LanceDB reads and writes through
 * `database()`.
 */
export function testIndexStore(name: string, open: () => Promise<StoreUnderTest>, server: { replacesAtomically: boolean } = { replacesAtomically: true }): void {
  describe(`IndexStore contract: ${name}`, () => {
    let opened: StoreUnderTest;
    let store: IndexStore;
    beforeAll(async () => {
      opened = await open();
      store = opened.store;
    });
    afterAll(async () => {
      await opened?.close();
    });
    const at = (...names: string[]) => store.join(store.root, ...names);

    it('reads a missing file as undefined, then what was written, then what replaced it', async () => {
      expect(await store.readText(at('read', 'CURRENT'))).toBeUndefined();
      await store.writeText(at('read', 'CURRENT'), '{"v":1}\n');
      expect(await store.readText(at('read', 'CURRENT'))).toBe('{"v":1}\n');
      await store.writeText(at('read', 'CURRENT'), '{"v":2}\n');
      expect(await store.readText(at('read', 'CURRENT'))).toBe('{"v":2}\n');
      // Non-ASCII text survives the round trip.
      await store.writeText(at('read', 'text.json'), '"§ 4.2 — café"');
      expect(await store.readText(at('read', 'text.json'))).toBe('"§ 4.2 — café"');
    });

    it('lists the names directly inside a folder, sorted, and nothing for a missing folder', async () => {
      expect(await store.list(at('list'))).toEqual([]);
      await store.createFolder(at('list', 'versions'));
      await store.writeText(at('list', 'versions', 'v2', 'manifest.json'), '{}');
      await store.writeText(at('list', 'versions', 'v1', 'deep', 'file.json'), '{}');
      await store.writeText(at('list', 'versions', 'v10', 'manifest.json'), '{}');
      await store.writeText(at('list', 'CURRENT'), '{}');
      expect(await store.list(at('list', 'versions'))).toEqual(['v1', 'v10', 'v2']);
      expect(await store.list(at('list'))).toEqual(['CURRENT', 'versions']);
    });

    it('deletes one folder with everything in it, not a sibling whose name starts the same', async () => {
      await store.writeText(at('remove', 'v1', 'a.json'), '{}');
      await store.writeText(at('remove', 'v1', 'sub', 'b.json'), '{}');
      await store.writeText(at('remove', 'v10', 'a.json'), '{}');
      await store.removeFolder(at('remove', 'v1'));
      expect(await store.list(at('remove'))).toEqual(['v10']);
      expect(await store.readText(at('remove', 'v1', 'sub', 'b.json'))).toBeUndefined();
      expect(await store.readText(at('remove', 'v10', 'a.json'))).toBe('{}');
      await store.removeFolder(at('remove', 'missing'));
      await store.removeFile(at('remove', 'v10', 'a.json'));
      await store.removeFile(at('remove', 'v10', 'a.json'));
      expect(await store.readText(at('remove', 'v10', 'a.json'))).toBeUndefined();
    });

    it('renames a folder where it can, and refuses where it cannot', async () => {
      await store.writeText(at('rename', 'v1.partial', 'manifest.json'), '{"done":true}');
      if (store.renamesFolders) {
        await store.renameFolder(at('rename', 'v1.partial'), at('rename', 'v1'));
        expect(await store.list(at('rename'))).toEqual(['v1']);
        expect(await store.readText(at('rename', 'v1', 'manifest.json'))).toBe('{"done":true}');
      } else {
        await expect(store.renameFolder(at('rename', 'v1.partial'), at('rename', 'v1'))).rejects.toThrow(/cannot rename/);
      }
    });

    // S3 itself replaces an object whole (a GET sees the old or the new); s3rver, a test server that
    // writes objects in place, does not, so there only the other cases run.
    it.runIf(server.replacesAtomically)('a reader of a file being replaced sees the old content or the new, never a mix', async () => {
      const versions = ['a', 'b', 'c', 'd'].map((letter) => JSON.stringify({ indexVersion: letter.repeat(200_000) }));
      await store.writeText(at('atomic', 'CURRENT'), versions[0]!);
      const seen = new Set<string>();
      let writing = true;
      const reader = (async () => {
        while (writing) {
          const text = await store.readText(at('atomic', 'CURRENT'));
          expect(versions).toContain(text);
          seen.add(text!);
        }
      })();
      for (const version of versions.slice(1)) await store.writeText(at('atomic', 'CURRENT'), version);
      writing = false;
      await reader;
      expect(seen.size).toBeGreaterThanOrEqual(1);
      expect(await store.readText(at('atomic', 'CURRENT'))).toBe(versions[3]);
    });

    it('holds a LanceDB table written and searched through database()', async () => {
      const folder = at('lance', 'versions', 'v1');
      const vectors = [
        [1, 0, 0, 0],
        [0, 1, 0, 0],
        [0.9, 0.1, 0, 0],
      ];
      const connection = await connectDatabase(store.database(folder));
      try {
        const table = await connection.createTable(
          'chunks',
          vectors.map((vector, row) => ({ chunk_id: `c${row}`, vector })),
          { mode: 'create', schema: new arrow.Schema([new arrow.Field('chunk_id', new arrow.Utf8()), new arrow.Field('vector', new arrow.FixedSizeList(4, new arrow.Field('item', new arrow.Float32(), true)))]) },
        );
        table.close();
      } finally {
        connection.close();
      }
      expect(await store.list(folder)).toEqual(['chunks.lance']);
      const reopened = await connectDatabase(store.database(folder));
      try {
        const table = await reopened.openTable('chunks');
        const hits = await table.vectorSearch([1, 0, 0, 0]).distanceType('cosine').limit(2).toArray();
        expect(hits.map((hit) => hit.chunk_id)).toEqual(['c0', 'c2']);
        expect(await table.countRows()).toBe(3);
        table.close();
      } finally {
        reopened.close();
      }
      await store.removeFolder(folder);
      expect(await store.list(at('lance', 'versions'))).toEqual([]);
    });
  });
}
