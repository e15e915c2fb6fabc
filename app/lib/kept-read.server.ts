// A read of a small table, kept on the embedded database until the next write (decision 010):
// PGlite has no other writer, so what was read while the write counter stood still is still what
// the database holds. With PostgreSQL (other instances, an operator's SQL) it reads every time.
import { writeGeneration } from "~/db.server";

export function keptUntilWrite<T>(read: () => Promise<T>): () => Promise<T> {
  let kept: { generation: number; value: T } | undefined;
  return async () => {
    // Noted before the read: a write during it leaves the value kept under an older count.
    const generation = await writeGeneration();
    if (generation !== null && kept?.generation === generation) return kept.value;
    const value = await read();
    if (generation !== null) kept = { generation, value };
    return value;
  };
}
