// Reads kept on the embedded database until the next write (decision 010): PGlite has no other
// writer, so what was read while the write counter stood still is still what the database holds.
// With PostgreSQL (other instances, an operator's SQL) they read every time.
import { writeGeneration } from "~/db.server";

/**
 * Many reads, one per key (at most `max`, the oldest forgotten first): the caller gives the key
 * and the read; every kept value is dropped when the write counter moves.
 */
export function keptPerKeyUntilWrite<T>({ max = 100 } = {}) {
  let keptAt: number | null = null;
  const kept = new Map<string, T>();
  return async (key: string, read: () => Promise<T>): Promise<T> => {
    // Noted before the read: a write during it leaves the value kept under an older count.
    const generation = await writeGeneration();
    if (generation === null) return read();
    if (generation !== keptAt) {
      kept.clear();
      keptAt = generation;
    }
    if (kept.has(key)) return kept.get(key) as T;
    const value = await read();
    // A newer count seen meanwhile has emptied the map: keep the value only under the one noted.
    if (keptAt === generation) {
      if (kept.size >= max) kept.delete(kept.keys().next().value as string);
      kept.set(key, value);
    }
    return value;
  };
}

/** One read of a small table (the tallies, the dues years), kept the same way. */
export function keptUntilWrite<T>(read: () => Promise<T>): () => Promise<T> {
  const kept = keptPerKeyUntilWrite<T>({ max: 1 });
  return () => kept("", read);
}
