// The data model of SPEC.md §3. Column names are snake_case in SQL (drizzle `casing`), field names
// camelCase in TypeScript and JSON, as the spec names them.
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";

/**
 * The text the member roster searches: name, e-mail, licence number, hospital, address and phone,
 * joined by a character no one types, so a search matches within one field. The index on it and
 * the roster's query must use this same expression.
 */
export const memberSearchText = (t: {
  name: unknown;
  email: unknown;
  licenseNumber: unknown;
  hospitalName: unknown;
  address: unknown;
  phone: unknown;
}) =>
  sql`(${t.name} || chr(31) || ${t.email} || chr(31) || ${t.licenseNumber} || chr(31) || ${t.hospitalName} || chr(31) || ${t.address} || chr(31) || ${t.phone})`;

const id = () => uuid().primaryKey().defaultRandom();
const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const users = pgTable(
  "users",
  {
    id: id(),
    email: text().notNull(),
    passwordHash: text().notNull(),
    name: text().notNull(),
    phone: text().notNull(),
    licenseNumber: text().notNull(),
    hospitalName: text().notNull(),
    department: text().notNull(),
    address: text().notNull(),
    licenseImageUrl: text(),
    profileImageUrl: text(),
    role: varchar({ length: 20 }).notNull().default("member"),
    isApproved: boolean().notNull().default(false),
    // Set when an administrator rejects the sign-up; the record is kept so the doctor can be told.
    rejectedAt: timestamp({ withTimezone: true }),
    // The optional reason an administrator gave with the rejection (the rejection mail quotes it).
    rejectionReason: text(),
    // When the doctor, after a rejection, corrected the sign-up and asked again (once per
    // rejection): the office's pending list shows such re-submissions first.
    resubmittedAt: timestamp({ withTimezone: true }),
    // When the sign-up was approved (the licence-image retention clock starts here).
    approvedAt: timestamp({ withTimezone: true }),
    // Suspended by an administrator: no session, no login, until reinstated. The reason is required.
    suspendedAt: timestamp({ withTimezone: true }),
    suspensionReason: text(),
    // associate (준회원), regular (정회원), honorary (명예회원), lifetime (평생회원). Regular follows
    // from an approved full-membership application; honorary and lifetime are set by the office.
    memberType: varchar({ length: 20 }).notNull().default("associate"),
    lastLoginAt: timestamp({ withTimezone: true }),
    // Whether the member is mailed when someone comments on their board post (off on /mypage).
    communityCommentMail: boolean().notNull().default(true),
    // Text messages (알림톡, SMS) at all: off stops every one, notices included; e-mail still goes.
    messagesEnabled: boolean().notNull().default(true),
    // 정보통신망법 제50조: when the member last agreed to advertising messages (null: not agreed).
    // An agreement older than two years no longer counts until confirmed again.
    marketingConsentAt: timestamp({ withTimezone: true }),
    // 개인정보 보호법 제15조: which consent text the user agreed to, and when.
    privacyConsentVersion: varchar({ length: 20 }),
    privacyConsentAt: timestamp({ withTimezone: true }),
    // The 이용약관 version agreed to at sign-up, and when (null: signed up before there were terms).
    termsConsentVersion: integer(),
    termsConsentAt: timestamp({ withTimezone: true }),
    // A member of the demo society `npm start` seeds: the roster and record mark them 데모.
    isDemo: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One live account per e-mail address regardless of case. Rejected accounts are left out:
    // signing up again after a rejection creates a new account (new id) instead of reviving the
    // rejected one, whose record, application and licence image stay with it and leave by its own
    // retention clock (rejectedAt). Deleting or anonymising the rejected row instead would either
    // drop its licence image before the retention period the administrators rely on, or keep
    // personal data under a made-up address; this index frees the address without touching it.
    uniqueIndex("users_email_lower_live_unique")
      .on(sql`lower(${t.email})`)
      .where(sql`${t.rejectedAt} is null`),
    // The pending-approval queue in its order: re-submissions after a rejection first (the
    // earliest first; ascending puts the others' nulls last), then the oldest sign-up, the id as
    // the tie-break. Read in index order, so a page of 20 reads about 20 entries (it sorted every
    // waiting account on each dashboard view once resubmitted_at led the order; bench:scale).
    index("users_pending_idx").on(t.isApproved, t.resubmittedAt, t.createdAt, t.id),
    // The roster's substring search (Korean included) over the fields the office searches by:
    // one trigram index on their concatenation (see memberSearchText in the members service).
    index("users_search_trgm_idx").using("gin", sql`${memberSearchText(t)} gin_trgm_ops`),
    // The roster's sorts.
    index("users_created_idx").on(t.createdAt, t.id),
    index("users_name_idx").on(t.name, t.id),
    index("users_last_login_idx").on(t.lastLoginAt, t.id),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    sid: text().primaryKey(),
    sess: jsonb().notNull(),
    expire: timestamp({ withTimezone: true }).notNull(),
    // When the session started: it ends SESSION_MAX_AGE_DAYS later however active it is.
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // Lets every session of a user end at once (rejection, withdrawal, password change).
    userId: uuid().references(() => users.id, { onDelete: "cascade" }),
    // The id the session list shows and ends sessions by: never the secret `sid` itself.
    id: uuid().notNull().defaultRandom().unique(),
    // For the member's session list: the browser as it introduced itself, and from where.
    userAgent: text(),
    ip: text(),
    // Moved on with the idle expiry, so at most once a minute per session (never per request).
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sessions_expire_idx").on(t.expire), index("sessions_user_idx").on(t.userId)],
);

// The second factor (TOTP, RFC 6238) of an account whose role requires one. The secret is
// encrypted with a key derived from APP_SECRET; `confirmedAt` is null while enrolment waits for
// its first code. `lastUsedStep` is the last accepted time step, so a code is accepted only once.
export const secondFactors = pgTable("second_factors", {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: text().notNull(),
  confirmedAt: timestamp({ withTimezone: true }),
  lastUsedStep: bigint({ mode: "number" }).notNull().default(0),
  // While unconfirmed: a SHA-256 of the session that began the enrolment. Only that session is
  // shown the secret and may confirm it; another session with the same password starts its own.
  enrollingSession: text(),
  createdAt: createdAt(),
});

// Single-use recovery codes of a second factor: only a SHA-256 hash of each is stored.
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("recovery_codes_user_idx").on(t.userId)],
);

// Authentication events per account (login, failed login, second-factor failure, logout,
// session ended), kept for a year (ASVS 16.3.1, 개인정보 안전성 확보조치 기준 제8조).
export const authEvents = pgTable(
  "auth_events",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: varchar({ length: 30 }).notNull(),
    ip: text(),
    userAgent: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index("auth_events_user_idx").on(t.userId, t.createdAt),
    index("auth_events_created_idx").on(t.createdAt),
  ],
);

export const announcements = pgTable(
  "announcements",
  {
    id: id(),
    title: text().notNull(),
    content: text().notNull(),
    category: varchar({ length: 50 }).notNull().default("일반"),
    imageUrl: text(),
    linkUrl: text(),
    views: integer().notNull().default(0),
    // Pinned notices head the public board.
    pinned: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The board's order is (created_at, id), newest first: both columns, or every page sorts the
  // whole table (18 ms at 10,000 on PGlite). The pinned notices are a handful: their own index.
  (t) => [
    index("announcements_created_idx").on(t.createdAt, t.id),
    index("announcements_pinned_idx").on(t.createdAt, t.id).where(sql`${t.pinned}`),
  ],
);

export const seminars = pgTable(
  "seminars",
  {
    id: id(),
    title: text().notNull(),
    description: text().notNull(),
    speaker: text().notNull(),
    date: timestamp({ withTimezone: true }).notNull(),
    location: text().notNull(),
    registrationUrl: text(),
    // open or closed (SPEC.md); closed stops new registrations and promotions from the waitlist.
    status: varchar({ length: 20 }).notNull().default("open"),
    endDate: timestamp({ withTimezone: true }),
    // Seats for on-site registration; null is unlimited. Ignored when registrationUrl links out.
    capacity: integer(),
    // Registration window: null opens at once and stays open until the seminar starts.
    registrationOpensAt: timestamp({ withTimezone: true }),
    registrationClosesAt: timestamp({ withTimezone: true }),
    // Members cancel themselves until then; the service sets three days before `date` by default.
    cancellationDeadline: timestamp({ withTimezone: true }),
    // members (every approved member) or regular (정회원 and above only).
    audience: varchar({ length: 20 }).notNull().default("members"),
    // The most CME credits (연수평점) the KMA approved for the course.
    cmeCredits: integer(),
    // The credit rule (app/features/seminars/credit-rule.ts): bands of minutes present → credits
    // (null: one credit per full hour up to cmeCredits), and breaks that do not count as present.
    creditBands:
      jsonb().$type<{ fromMinutes: number; toMinutes: number | null; credits: number }[]>(),
    creditBreaks: jsonb().$type<{ start: string; end: string; label: string }[]>(),
    // 등록비 in won: `feeFull` for a member in 정회원 standing, `feeOther` for everyone else; the
    // early amounts until `feeEarlyUntil`. No fees (null or 0) is a free seminar.
    feeFull: integer(),
    feeOther: integer(),
    feeFullEarly: integer(),
    feeOtherEarly: integer(),
    feeEarlyUntil: timestamp({ withTimezone: true }),
    // The poster the office uploads (/objects/{id}, public image): the home page's banner shows it
    // for the next seminar; without one the banner is drawn from the title and date.
    posterUrl: text(),
    createdAt: createdAt(),
  },
  (t) => [index("seminars_date_idx").on(t.date)],
);

export const executives = pgTable(
  "executives",
  {
    id: id(),
    name: text().notNull(),
    position: text().notNull(),
    title: text().notNull(),
    credentials: text().notNull(),
    imageUrl: text(),
    order: integer().notNull().default(0),
  },
  (t) => [index("executives_order_idx").on(t.order)],
);

export const historyEvents = pgTable(
  "history_events",
  {
    id: id(),
    year: integer().notNull(),
    month: integer(),
    title: text().notNull(),
    description: text().notNull(),
  },
  (t) => [index("history_events_date_idx").on(t.year, t.month)],
);

export const membershipApplications = pgTable(
  "membership_applications",
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text().notNull(),
    email: text().notNull(),
    phone: text().notNull(),
    licenseNumber: text().notNull(),
    // The licence image is optional with an application; it is attached after creation.
    licenseImageUrl: text(),
    hospitalName: text().notNull(),
    department: text().notNull(),
    address: text().notNull(),
    status: varchar({ length: 20 }).notNull().default("pending"),
    rejectionReason: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One open application per user: a rejected applicant may apply again, and the
    // earlier application stays on record; a second while one is pending or approved is refused.
    uniqueIndex("membership_applications_user_open_unique")
      .on(t.userId)
      .where(sql`${t.status} in ('pending', 'approved')`),
    index("membership_applications_user_idx").on(t.userId, t.createdAt),
    index("membership_applications_status_idx").on(t.status, t.createdAt),
    // The dashboard's list, newest first with the id as the tie-break (20,000 sorted otherwise).
    index("membership_applications_created_idx").on(t.createdAt, t.id),
  ],
);

/**
 * The text the library searches: a resource's title and description, joined by a character no
 * one types. The trigram index on it and the library's query must use this same expression.
 */
export const resourceSearchText = (t: { title: unknown; description: unknown }) =>
  sql`(${t.title} || chr(31) || coalesce(${t.description}, ''))`;

// The members' library (자료실): seminar slides, guidelines and forms. The file is a
// stored object (`fileUrl` holds its `/objects/{id}` path, visibility 'library'), served only
// through GET /api/resources/{id}/download under the item's access rule.
export const academicResources = pgTable(
  "academic_resources",
  {
    id: id(),
    title: text().notNull(),
    description: text(),
    category: varchar({ length: 50 }).notNull(),
    // 'members' (every approved member) or 'regular' (정회원 only; a tied seminar's attendees too).
    access: varchar({ length: 10 }).notNull().default("members"),
    // Slides of a seminar: its attendees may download the item whatever its access level.
    seminarId: uuid().references(() => seminars.id, { onDelete: "set null" }),
    fileUrl: text().notNull(),
    // The name as uploaded (Korean kept), sent back in Content-Disposition.
    fileName: text().notNull(),
    // The type found in the file's content, never the name's.
    contentType: varchar({ length: 100 }).notNull().default("application/octet-stream"),
    fileSize: integer().notNull(),
    uploadedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    downloads: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("academic_resources_created_idx").on(t.createdAt, t.id),
    index("academic_resources_category_idx").on(t.category, t.createdAt),
    index("academic_resources_search_trgm_idx").using(
      "gin",
      sql`${resourceSearchText(t)} gin_trgm_ops`,
    ),
  ],
);

// Who downloaded which resource on which Seoul calendar day: a download counts once per member per
// item per day (the insert that succeeds is the one that counts).
export const resourceDownloads = pgTable(
  "resource_downloads",
  {
    resourceId: uuid()
      .notNull()
      .references(() => academicResources.id, { onDelete: "cascade" }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date().notNull(),
  },
  (t) => [primaryKey({ columns: [t.resourceId, t.userId, t.day] })],
);

export const seminarRegistrations = pgTable(
  "seminar_registrations",
  {
    id: id(),
    // Restrict: a registration carries the door's scans, the credits and the certificate code, so
    // a seminar with registrations is cancelled, never deleted (the service says so with a 409).
    seminarId: uuid()
      .notNull()
      .references(() => seminars.id, { onDelete: "restrict" }),
    // Null once the member has withdrawn: a registration with attendance outlives the account
    // as the society's record of who earned which credits (decision 035); the others go with it.
    userId: uuid().references(() => users.id, { onDelete: "set null" }),
    // Copied from the account when registering: the registrant list is what was true then.
    name: text().notNull(),
    email: text().notNull(),
    phone: text().notNull(),
    hospitalName: text(),
    // The licence number, copied when the member withdraws (the account's own is read until then):
    // the credit report and the certificate's check still need it.
    licenseNumber: text(),
    // confirmed, waitlisted, payment_pending (a paid seminar's seat held until `holdExpiresAt`)
    // or cancelled.
    status: varchar({ length: 20 }).notNull().default("confirmed"),
    holdExpiresAt: timestamp({ withTimezone: true }),
    // The place in line: set when the member (re-)registers; the waitlist is ordered by it.
    queuedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    // Who cancelled: the member, or an administrator (by id).
    cancelledBy: uuid(),
    // When the day-before reminder went out (one per registration).
    remindedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("seminar_registrations_seminar_user_unique").on(t.seminarId, t.userId),
    index("seminar_registrations_user_idx").on(t.userId),
    index("seminar_registrations_queue_idx").on(t.seminarId, t.status, t.queuedAt, t.id),
  ],
);

// A seminar's credit sheet (연수평점): draft, then sent out to the attendees for objections until a
// deadline, then locked, after which nothing on it changes and certificates can be downloaded.
export const seminarCreditSheets = pgTable("seminar_credit_sheets", {
  seminarId: uuid()
    .primaryKey()
    .references(() => seminars.id, { onDelete: "cascade" }),
  // draft, sent or locked.
  status: varchar({ length: 20 }).notNull().default("draft"),
  sentAt: timestamp({ withTimezone: true }),
  objectionDeadline: timestamp({ withTimezone: true }),
  lockedAt: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// One attendee's line on a credit sheet: the office's corrections (each with a reason, also
// audited), what was sent out, the attendee's objection, and the final figures frozen at the lock
// with the certificate's verification code.
export const seminarCredits = pgTable(
  "seminar_credits",
  {
    registrationId: uuid()
      .primaryKey()
      .references(() => seminarRegistrations.id, { onDelete: "cascade" }),
    seminarId: uuid()
      .notNull()
      .references(() => seminars.id, { onDelete: "cascade" }),
    correctedEntryAt: timestamp({ withTimezone: true }),
    correctedExitAt: timestamp({ withTimezone: true }),
    creditsOverride: integer(),
    correctionReason: text(),
    correctedAt: timestamp({ withTimezone: true }),
    correctedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    sentCredits: integer(),
    objection: text(),
    objectedAt: timestamp({ withTimezone: true }),
    finalEntryAt: timestamp({ withTimezone: true }),
    finalExitAt: timestamp({ withTimezone: true }),
    finalMinutes: integer(),
    finalCredits: integer(),
    certificateCode: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("seminar_credits_seminar_idx").on(t.seminarId),
    uniqueIndex("seminar_credits_certificate_unique").on(t.certificateCode),
  ],
);

// Every scan at the door, entry or exit, kept (not only the latest). A phone that was offline
// sends its scans later with their own time and a unique scan id, so a resend is not a new scan.
// Scan ids are unique across all seminars: one reused at another seminar is refused (409).
export const seminarCheckIns = pgTable(
  "seminar_check_ins",
  {
    id: id(),
    registrationId: uuid()
      .notNull()
      .references(() => seminarRegistrations.id, { onDelete: "cascade" }),
    // in or out.
    direction: varchar({ length: 3 }).notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
    scanId: text(),
    recordedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("seminar_check_ins_scan_unique").on(t.scanId),
    index("seminar_check_ins_registration_idx").on(t.registrationId, t.at),
  ],
);

/**
 * The text the members' board searches: a post's title and body, joined by a character no one
 * types. The trigram index on it and the board's query must use this same expression.
 */
export const communityPostSearchText = (t: { title: unknown; content: unknown }) =>
  sql`(${t.title} || chr(31) || ${t.content})`;

// The members' board (회원 게시판). A post outlives its author's account: withdrawal sets
// authorId to null and the post keeps the name it was written under (authorName), as the privacy
// notice says. A post deleted while it has comments stays as an empty row ("삭제된 게시물입니다")
// so the thread stays readable; one without comments is deleted outright.
export const communityPosts = pgTable(
  "community_posts",
  {
    id: id(),
    title: text().notNull(),
    // The plain-text body (the calls name it `body`); rendered as text, never as HTML.
    content: text().notNull(),
    authorId: uuid().references(() => users.id, { onDelete: "set null" }),
    authorName: text().notNull(),
    views: integer().notNull().default(0),
    // Up to five `/objects/{id}` paths, readable by approved members only.
    images: jsonb().$type<string[]>().notNull().default([]),
    // Kept by the service with each comment written or deleted, so the list needs no count query.
    commentCount: integer().notNull().default(0),
    // Pinned notices from administrators come first in the list.
    pinnedAt: timestamp({ withTimezone: true }),
    // Hidden by an administrator (with the reason the author is mailed) or by three members'
    // reports (hiddenBy 'reports', no reason), until an administrator restores or deletes it.
    hiddenAt: timestamp({ withTimezone: true }),
    hiddenBy: varchar({ length: 10 }),
    hiddenReason: text(),
    // Reports not yet decided by an administrator.
    openReports: integer().notNull().default(0),
    editedAt: timestamp({ withTimezone: true }),
    deletedAt: timestamp({ withTimezone: true }),
    // When the latest comment mail to the author goes (or went) out: at most one an hour a post.
    commentMailAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("community_posts_created_idx").on(t.createdAt),
    index("community_posts_author_idx").on(t.authorId),
    index("community_posts_list_idx").on(t.pinnedAt, t.createdAt, t.id),
    // The few hidden posts, looked through when a board image is asked for (readObject).
    index("community_posts_hidden_idx").on(t.id).where(sql`${t.hiddenAt} is not null`),
    index("community_posts_search_trgm_idx").using(
      "gin",
      sql`${communityPostSearchText(t)} gin_trgm_ops`,
    ),
  ],
);

export const communityComments = pgTable(
  "community_comments",
  {
    id: id(),
    postId: uuid()
      .notNull()
      .references(() => communityPosts.id, { onDelete: "cascade" }),
    authorId: uuid().references(() => users.id, { onDelete: "set null" }),
    authorName: text().notNull(),
    content: text().notNull(),
    hiddenAt: timestamp({ withTimezone: true }),
    hiddenBy: varchar({ length: 10 }),
    hiddenReason: text(),
    openReports: integer().notNull().default(0),
    // Set when its author changed the text: the comment then shows 수정됨 with the time.
    editedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("community_comments_post_idx").on(t.postId, t.createdAt),
    index("community_comments_author_idx").on(t.authorId),
  ],
);

// Members' reports of a post (commentId null) or a comment. One report per member and item: the
// same member reporting twice counts once. Decided (resolvedAt) when an administrator restores,
// hides or deletes the item.
export const communityReports = pgTable(
  "community_reports",
  {
    id: id(),
    postId: uuid()
      .notNull()
      .references(() => communityPosts.id, { onDelete: "cascade" }),
    commentId: uuid().references(() => communityComments.id, { onDelete: "cascade" }),
    reporterId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text().notNull(),
    resolvedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("community_reports_post_reporter_unique")
      .on(t.postId, t.reporterId)
      .where(sql`${t.commentId} is null`),
    uniqueIndex("community_reports_comment_reporter_unique")
      .on(t.commentId, t.reporterId)
      .where(sql`${t.commentId} is not null`),
  ],
);

// Attempt counters for rate limits, kept in the database so they hold across several instances.
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text().primaryKey(),
    count: integer().notNull().default(0),
    resetAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limits_reset_idx").on(t.resetAt)],
);

// Uploaded files. Administrators' uploads are public; everyone else's (licence images) are private
// to their owner and administrators. A sign-up's image has no owner until the account is created.
export const storedObjects = pgTable(
  "stored_objects",
  {
    id: uuid().primaryKey(),
    visibility: varchar({ length: 10 }).notNull(),
    ownerId: uuid().references(() => users.id, { onDelete: "set null" }),
    // How the upload URL was issued: 'signup' (anonymous, for a sign-up) or 'member'.
    origin: varchar({ length: 20 }).notNull(),
    contentType: varchar({ length: 100 }).notNull(),
    size: integer().notNull(),
    // Set when a sign-up or an application takes the object, so it is used once only.
    claimedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("stored_objects_owner_idx").on(t.ownerId)],
);

/** Bytes in a `bytea` column: the pg driver answers a Buffer, PGlite a Uint8Array; both a Buffer. */
const bytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

// Generated PDFs (참석확인서, 납부확인서), kept so a repeated download costs no drawing: `key` names
// the document (one per certificate or receipt), `hash` the data it was drawn from; a change of
// that data draws it anew in place of the old. A drawing of the member's record, not the record:
// it goes with the member.
export const keptDocuments = pgTable(
  "kept_documents",
  {
    key: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    hash: varchar({ length: 64 }).notNull(),
    body: bytes().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("kept_documents_user_idx").on(t.userId)],
);

// Files attached to a notice (PDF, HWP, HWPX, images), checked as the library's files are. The
// file is a stored object of visibility 'notice', served only through
// GET /api/announcements/{id}/attachments/{attachmentId} to whoever may read the notice's body.
export const announcementAttachments = pgTable(
  "announcement_attachments",
  {
    id: id(),
    announcementId: uuid()
      .notNull()
      .references(() => announcements.id, { onDelete: "cascade" }),
    objectId: uuid().notNull(),
    // The name as uploaded (Korean kept), sent back in Content-Disposition.
    fileName: text().notNull(),
    // The type found in the file's content, never the name's.
    contentType: varchar({ length: 100 }).notNull(),
    fileSize: integer().notNull(),
    position: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("announcement_attachments_announcement_idx").on(t.announcementId, t.position)],
);

// Who read which announcement on which day (Asia/Seoul), so views count once per member per day.
export const announcementReads = pgTable(
  "announcement_reads",
  {
    announcementId: uuid()
      .notNull()
      .references(() => announcements.id, { onDelete: "cascade" }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date().notNull(),
  },
  (t) => [primaryKey({ columns: [t.announcementId, t.userId, t.day] })],
);

// Outgoing mail: saved first, sent within seconds by the queue, retried with backoff on failure.
export const mailQueue = pgTable(
  "mail_queue",
  {
    id: uuid().primaryKey().defaultRandom(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    // Small attachments (a calendar invitation, a ticket's QR code): [{ filename, contentType,
    // content, encoding? }], binary content as base64.
    attachments:
      jsonb().$type<
        { filename: string; contentType: string; content: string; encoding?: "base64" }[]
      >(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: createdAt(),
  },
  (t) => [index("mail_queue_due_idx").on(t.sentAt, t.nextAttemptAt)],
);

// The office's bulk text messages: what was sent to whom; each recipient's row in message_queue
// carries its outcome (the send log).
export const messageBatches = pgTable("message_batches", {
  id: id(),
  // notice (공지) or advertisement (광고)
  kind: varchar({ length: 20 }).notNull(),
  // The office's body as written, and the text sent (an advertisement's gets its frame).
  body: text().notNull(),
  text: text().notNull(),
  filters: jsonb().$type<Record<string, unknown>>().notNull(),
  recipients: integer().notNull(),
  createdBy: uuid().references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

// Outgoing text messages (알림톡 with SMS/LMS fallback), queued like mail so that a provider
// outage or a restart loses none.
export const messageQueue = pgTable(
  "message_queue",
  {
    id: id(),
    // Digits only: 01012345678.
    to: varchar({ length: 20 }).notNull(),
    userId: uuid().references(() => users.id, { onDelete: "set null" }),
    batchId: uuid().references(() => messageBatches.id, { onDelete: "cascade" }),
    // The template's key (messageTemplates), or `notice` / `advertisement` for the office's.
    template: varchar({ length: 40 }).notNull(),
    // alimtalk, sms or lms: the channel intended; sentChannel is the one that carried it.
    channel: varchar({ length: 10 }).notNull(),
    text: text().notNull(),
    buttons: jsonb().$type<{ name: string; url: string }[]>(),
    // queued, sent, fallback (알림톡 refused, went as SMS/LMS), failed (for good).
    status: varchar({ length: 10 }).notNull().default("queued"),
    sentChannel: varchar({ length: 10 }),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index("message_queue_due_idx").on(t.status, t.nextAttemptAt),
    index("message_queue_batch_idx").on(t.batchId),
  ],
);

// Password-reset links: only a SHA-256 hash of the token is stored; single use, one hour.
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("password_reset_tokens_user_idx").on(t.userId)],
);

// What administrators did with members' data and the site's content (개인정보 안전성 확보조치):
// who, when (UTC), from where, what, and whose data. Never a password, token or image. Rows keep
// no foreign keys, so the record outlives the accounts it names.
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid().primaryKey().defaultRandom(),
    actorId: uuid(),
    actorEmail: text().notNull(),
    action: varchar({ length: 40 }).notNull(),
    subjectId: uuid(),
    subjectLabel: text(),
    detail: jsonb(),
    ip: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt.desc()),
    index("audit_log_actor_idx").on(t.actorId, t.createdAt),
    index("audit_log_action_idx").on(t.action, t.createdAt),
    // A member record's audit entries.
    index("audit_log_subject_idx").on(t.subjectId, t.createdAt),
  ],
);

// One row whose number goes up, in the same transaction, with every write to the tables the
// public pages show (triggers in migration 0005). The page cache (server/page-cache.ts) serves a
// stored page only while this number is unchanged, so a write is visible on the next request on
// every instance.
export const contentVersion = pgTable("content_version", {
  id: integer().primaryKey(),
  version: bigint({ mode: "number" }).notNull(),
});

// Counts the administrator's badges and the roster's totals read instead of counting rows:
// `members:<status>:<approved a|n>:<member type>:<role>` and `applications:<status>`, kept by
// statement triggers on users and membership_applications inside the writing transaction (see
// migration 0012), so they are exact on every instance. Counting 100,000 members took 36 ms on
// PGlite per page; reading these takes well under one.
export const tallies = pgTable("tallies", {
  name: text().primaryKey(),
  value: bigint({ mode: "number" }).notNull(),
});

// Annual dues (회비). One row per year the office has set up: the fees, the due date,
// the end of the grace period (until which the previous year's standing holds into the next
// year; default 31 March of the following year) and the bank account text shown to members.
// A year with no row asks no dues of anyone: 정회원 standing then follows the application alone.
export const duesYears = pgTable("dues_years", {
  year: integer().primaryKey(),
  regularFee: integer().notNull(),
  lifetimeFee: integer().notNull(),
  // Seoul calendar days, as `YYYY-MM-DD`.
  dueDate: date({ mode: "string" }).notNull(),
  graceUntil: date({ mode: "string" }).notNull(),
  bankAccount: text().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// A payment of dues: recorded by the office (by hand or confirmed from a bank statement), voided
// with a reason, never deleted. `receiptCode` is the 납부확인서's verification code; `importRef`
// identifies a bank statement's transaction, so importing the same statement twice records nothing
// twice. The member's name is copied so the office's books outlive a withdrawn account.
export const duesPayments = pgTable(
  "dues_payments",
  {
    id: id(),
    userId: uuid().references(() => users.id, { onDelete: "set null" }),
    memberName: text().notNull(),
    year: integer().notNull(),
    amount: integer().notNull(),
    // 계좌이체, 카드, 현금 or 기타.
    method: varchar({ length: 10 }).notNull(),
    paidAt: date({ mode: "string" }).notNull(),
    depositorName: text(),
    memo: text(),
    receiptCode: text().notNull(),
    importRef: text(),
    recordedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    voidedAt: timestamp({ withTimezone: true }),
    voidReason: text(),
    voidedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("dues_payments_user_year_idx").on(t.userId, t.year),
    index("dues_payments_year_idx").on(t.year),
    uniqueIndex("dues_payments_receipt_unique").on(t.receiptCode),
    uniqueIndex("dues_payments_import_unique").on(t.importRef),
  ],
);

// A member excused from a year's dues by the office, with the reason (audited).
export const duesExemptions = pgTable(
  "dues_exemptions",
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    year: integer().notNull(),
    reason: text().notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.year] })],
);

// An uploaded bank statement, parsed: its deposit rows (date, depositor, amount, reference) wait
// here for the office to confirm the proposed matches. The file itself is not kept.
export const duesImports = pgTable("dues_imports", {
  id: id(),
  year: integer().notNull(),
  fileName: text().notNull(),
  rows: jsonb()
    .$type<{ ref: string; paidAt: string; depositor: string; amount: number }[]>()
    .notNull(),
  createdBy: uuid().references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

// Dues reminders sent (member, year, kind): one row each, so a reminder is never sent twice.
export const duesReminders = pgTable(
  "dues_reminders",
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    year: integer().notNull(),
    // Mails: before_due (30 days before), due (on the due date), grace (14 days before the grace
    // ends). Text messages: text_30, text_7 (days before the due date), text_overdue (7 days after).
    kind: varchar({ length: 20 }).notNull(),
    sentAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.year, t.kind] })],
);

// A payment through the provider (PortOne, or the test gateway): the invoice the server made (the
// amount is the server's, never the browser's), then what the provider reported, read back from its
// API. `paymentId` is the provider's id: random, made here, used once. A paid dues invoice becomes a
// `dues_payments` row (`duesPaymentId`); a paid seminar fee confirms its registration.
export const payments = pgTable(
  "payments",
  {
    id: id(),
    paymentId: text().notNull(),
    userId: uuid().references(() => users.id, { onDelete: "set null" }),
    memberName: text().notNull(),
    // dues or seminar.
    purpose: varchar({ length: 10 }).notNull(),
    duesYear: integer(),
    seminarId: uuid().references(() => seminars.id, { onDelete: "set null" }),
    registrationId: uuid().references(() => seminarRegistrations.id, { onDelete: "set null" }),
    orderName: text().notNull(),
    amount: integer().notNull(),
    currency: varchar({ length: 3 }).notNull().default("KRW"),
    // portone or test.
    provider: varchar({ length: 10 }).notNull(),
    // pending, vbank_issued, paid, failed, cancelled, refunded or partially_refunded.
    status: varchar({ length: 20 }).notNull().default("pending"),
    // card, transfer, virtual_account or easy_pay (with the easy-pay provider in `easyPay`).
    method: varchar({ length: 20 }),
    easyPay: varchar({ length: 20 }),
    // 현금영수증 asked for: 소득공제 (a phone number) or 지출증빙 (a 사업자등록번호).
    cashReceiptType: varchar({ length: 10 }),
    cashReceiptIdentifier: text(),
    // What the provider reported: its transaction id, the 현금영수증's number, the 가상계좌.
    transactionId: text(),
    cashReceiptNumber: text(),
    virtualAccount: jsonb().$type<{
      bank: string;
      accountNumber: string;
      holder: string;
      dueAt: string | null;
    }>(),
    receiptUrl: text(),
    refundedAmount: integer().notNull().default(0),
    failReason: text(),
    // Until then the invoice can be paid; an unpaid seminar invoice releases its seat after it.
    expiresAt: timestamp({ withTimezone: true }),
    paidAt: timestamp({ withTimezone: true }),
    duesPaymentId: uuid().references(() => duesPayments.id, { onDelete: "set null" }),
    // When the minute job last read the invoice back from the provider (settleStalePayments).
    readBackAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("payments_payment_id_unique").on(t.paymentId),
    index("payments_user_idx").on(t.userId, t.createdAt),
    index("payments_created_idx").on(t.createdAt),
    index("payments_registration_idx").on(t.registrationId),
  ],
);

// Money returned through the provider's cancel call: by the member's cancellation (the full
// amount before the deadline) or by the office, in part or in full, with a reason.
export const paymentRefunds = pgTable(
  "payment_refunds",
  {
    id: id(),
    paymentRowId: uuid()
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    amount: integer().notNull(),
    reason: text().notNull(),
    // The provider's cancellation id: the same cancellation read twice is recorded once.
    cancellationId: text(),
    refundedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("payment_refunds_payment_idx").on(t.paymentRowId),
    uniqueIndex("payment_refunds_cancellation_unique").on(t.cancellationId),
  ],
);

// Webhook deliveries already handled, by their `webhook-id`: a replayed delivery changes nothing.
export const paymentWebhooks = pgTable("payment_webhooks", {
  webhookId: text().primaryKey(),
  type: text().notNull(),
  paymentId: text(),
  receivedAt: createdAt(),
});

// The test gateway's own books (PAYMENTS_PROVIDER=test): what its PortOne-shaped loopback API
// answers. A table rather than memory, so every instance of the site sees the same test payments.
export const testGatewayPayments = pgTable("test_gateway_payments", {
  paymentId: text().primaryKey(),
  // The PortOne payment object the loopback API answers, as PortOne would send it.
  payment: jsonb().$type<Record<string, unknown>>().notNull(),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------------------------------------
// Votes of the general meeting (총회): secret ballots the office cannot read (docs/votes.md).

/** One option of a vote: a resolution's 찬성/반대/기권, or an election's candidate. */
export type VoteOption = { label: string; photoUrl?: string | null; statement?: string | null };

// A vote, published at once: the roll is fixed then (`rollFixedAt`). `quorum` is a number of
// ballots (1 or more) or a share of the roll (below 1); null: none. `notifiedAt` is set once,
// by whichever instance first sees the window open, and the members on the roll are told then.
export const votes = pgTable(
  "votes",
  {
    id: id(),
    title: text().notNull(),
    description: text().notNull().default(""),
    // resolution (안건) or election (선거).
    kind: varchar({ length: 20 }).notNull(),
    options: jsonb().$type<VoteOption[]>().notNull(),
    opensAt: timestamp({ withTimezone: true }).notNull(),
    closesAt: timestamp({ withTimezone: true }).notNull(),
    // full (정회원 standing on the day the roll is fixed) or members (every approved member).
    electorate: varchar({ length: 20 }).notNull(),
    quorum: doublePrecision(),
    rollFixedAt: timestamp({ withTimezone: true }).notNull(),
    notifiedAt: timestamp({ withTimezone: true }),
    annulledAt: timestamp({ withTimezone: true }),
    annulReason: text(),
    // The notice that published the results, once published.
    noticeId: uuid().references(() => announcements.id, { onDelete: "set null" }),
    createdBy: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("votes_opens_idx").on(t.opensAt)],
);

// The roll (선거인 명부): who may vote, and only whether (and on which Seoul day) they did. No
// time finer than the day, and nothing about the choice.
export const voteRoll = pgTable(
  "vote_roll",
  {
    voteId: uuid()
      .notNull()
      .references(() => votes.id, { onDelete: "cascade" }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    voted: boolean().notNull().default(false),
    votedOn: date({ mode: "string" }),
  },
  (t) => [primaryKey({ columns: [t.voteId, t.userId] }), index("vote_roll_user_idx").on(t.userId)],
);

// A member's objection to the roll (their own place on it, or its absence), until the window opens.
export const voteObjections = pgTable(
  "vote_objections",
  {
    id: id(),
    voteId: uuid()
      .notNull()
      .references(() => votes.id, { onDelete: "cascade" }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    text: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("vote_objections_vote_idx").on(t.voteId, t.createdAt)],
);

// The ballots: the vote, the option's index and the SHA-256 of the voter's receipt. No voter, no
// time, and no order: the primary key is random, and every ballot cast rewrites the vote's
// ballots in a fresh random order in the same transaction (votes.server.ts, castBallot), so
// neither the physical order nor a row's inserting transaction tells one ballot from another.
export const ballots = pgTable(
  "ballots",
  {
    id: id(),
    voteId: uuid()
      .notNull()
      .references(() => votes.id, { onDelete: "cascade" }),
    choice: integer().notNull(),
    receiptHash: text().notNull(),
  },
  (t) => [uniqueIndex("ballots_vote_receipt_unique").on(t.voteId, t.receiptHash)],
);

// The society's own details that the office edits (/admin/settings): the footer's legal lines.
// One row (id 1). A null column falls back to the deployment's SOCIETY_* setting or its example
// default (features/society/settings.server.ts), so a fresh site shows every line already.
export const societySettings = pgTable("society_settings", {
  id: integer().primaryKey(),
  representative: text(),
  // 고유번호 (a non-profit body) or 사업자등록번호.
  registrationLabel: varchar({ length: 20 }),
  registrationNumber: text(),
  address: text(),
  phone: text(),
  fax: text(),
  email: text(),
  privacyOfficer: text(),
  privacyOfficerContact: text(),
  // Uploaded images (/objects/{id}, public): the emblem (header, favicon, PDFs) and the
  // president's seal (직인) printed on the issued documents.
  emblemUrl: text(),
  sealUrl: text(),
  // The home page's strip of related bodies' links, [{ label, url }] (null: the defaults).
  relatedLinks: jsonb().$type<{ label: string; url: string }[]>(),
  // Set when `npm start` filled a new embedded database with the demo society: the admin area
  // says so on every page until the office removes the demo data.
  demoSeededAt: timestamp({ withTimezone: true }),
  updatedAt: timestamp({ withTimezone: true }),
  updatedBy: uuid().references(() => users.id, { onDelete: "set null" }),
});

// 이용약관, in versions: the newest is in force, the older ones stay readable at /terms?version=N,
// and a member's consent names the version (users.termsConsentVersion). Version 1 comes with the
// migration, so a fresh site has terms before anyone signs up.
export const termsVersions = pgTable("terms_versions", {
  version: integer().primaryKey(),
  body: text().notNull(),
  publishedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  publishedBy: uuid().references(() => users.id, { onDelete: "set null" }),
});

// The issue number (발급번호) of each document the society issues: "제2026-00012호", numbered per
// year in the order first drawn. `key` is the document's (kept_documents.key), so a document
// keeps its number however often it is drawn again.
export const issuedNumbers = pgTable(
  "issued_numbers",
  {
    key: text().primaryKey(),
    year: integer().notNull(),
    number: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("issued_numbers_year_number_unique").on(t.year, t.number)],
);
