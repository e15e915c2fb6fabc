// The site search (/search?q=): one paged list over the notices, the seminars, the library and the
// members' board, newest first, plus the society's own pages that match.
//
// What a reader may find is decided here, in the WHERE of each part, before anything is read
// (docs/decisions/026-site-search.md):
// - everyone: notice titles, seminars (title, speaker, place, description: all public on
//   /activities), and the society pages' titles and fixed words;
// - approved members only (mayReadAnnouncementBody): notice bodies, library items (title,
//   description, category) and board posts (title and body; never a hidden or deleted one).
// A visitor's query never names the library or the board tables at all, so no members-only text
// can reach a visitor's page, even as a count.
import { and, count, desc, isNull, sql } from "drizzle-orm";
import { getDb } from "~/db.server";
import { containsEveryWord, loadPage } from "~/lib/list-page.server";
import type { Page } from "~/lib/paging";
import { academicResources, announcements, communityPosts, seminars } from "~db/schema";
import { mayReadAnnouncementBody } from "../announcements/announcements.server";
import { matchSitePages, type SitePage } from "./site-pages.server";

export type SearchKind = "notice" | "seminar" | "library" | "post";

/** Who searches: the signed-in account, or null for a visitor. */
export type SearchReader = { id: string; isApproved: boolean } | null;

export type SearchHit = {
  kind: SearchKind;
  id: string;
  title: string;
  /** A notice's date, a seminar's start, a library item's or a post's date. */
  date: Date;
  /** One public line under the title: a notice's category, a seminar's place, … */
  detail: string;
  href: string;
};

export type SiteSearch = {
  /** The society pages that match (not paged: there are a handful). */
  pages: SitePage[];
  /** Whether members-only content was searched (the page says so). */
  membersIncluded: boolean;
} & Page<SearchHit>;

/** Where a hit leads. A library item has no page of its own: the library searched for its title. */
const hrefOf = (kind: SearchKind, id: string, title: string) => {
  switch (kind) {
    case "notice":
      return `/announcements/${id}`;
    case "seminar":
      return `/activities/${id}`;
    case "library":
      return `/library?q=${encodeURIComponent(title.slice(0, 100))}`;
    case "post":
      return `/community/${id}`;
  }
};

type Database = Awaited<ReturnType<typeof getDb>>;

/** A notice's body as text: its markup left out, so a search for "p" or "div" finds nothing. */
const noticeText = sql`regexp_replace(${announcements.content}, '<[^>]*>', ' ', 'g')`;

/** The SELECTs the reader may run, each shaped alike for the UNION ALL. */
function parts(db: Database, term: string, member: boolean) {
  const kind = (value: SearchKind) => sql<SearchKind>`${value}::text`.as("kind");
  const notices = db
    .select({
      kind: kind("notice"),
      id: announcements.id,
      title: announcements.title,
      date: announcements.createdAt,
      detail: sql<string>`${announcements.category}::text`.as("detail"),
    })
    .from(announcements)
    .where(
      member
        ? containsEveryWord([announcements.title, noticeText], term)
        : containsEveryWord([announcements.title], term),
    );
  const seminarRows = db
    .select({
      kind: kind("seminar"),
      id: seminars.id,
      title: seminars.title,
      date: seminars.date,
      detail: sql<string>`${seminars.location}`.as("detail"),
    })
    .from(seminars)
    .where(
      containsEveryWord(
        [seminars.title, seminars.speaker, seminars.location, seminars.description],
        term,
      ),
    );
  if (!member) return [notices, seminarRows] as const;
  const library = db
    .select({
      kind: kind("library"),
      id: academicResources.id,
      title: academicResources.title,
      date: academicResources.createdAt,
      detail: sql<string>`${academicResources.category}::text`.as("detail"),
    })
    .from(academicResources)
    .where(
      containsEveryWord(
        [
          academicResources.title,
          sql`coalesce(${academicResources.description}, '')`,
          academicResources.category,
        ],
        term,
      ),
    );
  const posts = db
    .select({
      kind: kind("post"),
      id: communityPosts.id,
      title: communityPosts.title,
      date: communityPosts.createdAt,
      detail: sql<string>`${communityPosts.authorName}::text`.as("detail"),
    })
    .from(communityPosts)
    .where(
      and(
        isNull(communityPosts.hiddenAt),
        isNull(communityPosts.deletedAt),
        containsEveryWord([communityPosts.title, communityPosts.content], term),
      ),
    );
  return [notices, seminarRows, library, posts] as const;
}

/**
 * One page of the site search for `reader`: `term` is already checked (validation.ts). Newest
 * first (a seminar by its date), ties by kind and id, so pages never overlap.
 */
export async function searchSite(
  reader: SearchReader,
  term: string,
  query: { page: number; pageSize: number },
): Promise<SiteSearch> {
  const db = await getDb();
  const member = mayReadAnnouncementBody(reader);
  const [first, ...rest] = parts(db, term, member);
  const union = rest.reduce<ReturnType<typeof first.$dynamic>>(
    (all, next) => all.unionAll(next).$dynamic(),
    first.$dynamic(),
  );
  const hits = union.as("hits");
  const page = await loadPage(query, {
    rows: async ({ limit, offset }) => {
      const rows = await db
        .select()
        .from(hits)
        .orderBy(desc(hits.date), hits.kind, hits.id)
        .limit(limit)
        .offset(offset);
      return rows.map((row) => ({
        kind: row.kind,
        id: row.id,
        title: row.title,
        date: new Date(row.date),
        detail: row.detail ?? "",
        href: hrefOf(row.kind, row.id, row.title),
      }));
    },
    count: async () => {
      const [row] = await db.select({ value: count() }).from(hits);
      return row?.value ?? 0;
    },
  });
  return { ...page, pages: query.page === 1 ? matchSitePages(term) : [], membersIncluded: member };
}
