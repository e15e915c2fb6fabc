// Announcements: the public list carries a plain-text excerpt instead of the body, which only
// approved members may read.
import { desc, eq } from "drizzle-orm";
import { getDb } from "~/db.server";
import { isUuid } from "~/lib/ids";
import { firstCharacters, htmlToPlainText } from "~/lib/text";
import { announcements } from "../../../db/schema";
import { EXCERPT_LENGTH } from "./constants";

export type AnnouncementSummary = {
  id: string;
  title: string;
  category: string;
  excerpt: string;
  views: number;
  createdAt: Date;
};

export async function listAnnouncements(options: { limit?: number } = {}) {
  const db = await getDb();
  const query = db
    .select({
      id: announcements.id,
      title: announcements.title,
      category: announcements.category,
      content: announcements.content,
      views: announcements.views,
      createdAt: announcements.createdAt,
    })
    .from(announcements)
    .orderBy(desc(announcements.createdAt), desc(announcements.id));
  const rows = await (options.limit ? query.limit(options.limit) : query);
  return rows.map(
    ({ content, ...row }): AnnouncementSummary => ({
      ...row,
      excerpt: firstCharacters(htmlToPlainText(content), EXCERPT_LENGTH),
    }),
  );
}

/** What anyone may know about an announcement: its title and category, never the body. */
export async function findAnnouncementHeadline(id: string) {
  if (!isUuid(id)) return null;
  const db = await getDb();
  const [row] = await db
    .select({ id: announcements.id, title: announcements.title, category: announcements.category })
    .from(announcements)
    .where(eq(announcements.id, id));
  return row ?? null;
}
