import { asc } from "drizzle-orm";
import { getDb } from "~/db.server";
import { executives } from "../../../db/schema";

export type Executive = typeof executives.$inferSelect;

export async function listExecutives(): Promise<Executive[]> {
  const db = await getDb();
  return db.select().from(executives).orderBy(asc(executives.order), asc(executives.name));
}
