CREATE TABLE "tallies" (
	"name" text PRIMARY KEY NOT NULL,
	"value" bigint NOT NULL
);
--> statement-breakpoint
-- The tally a member counts under: the roster's status (as its CASE orders them), whether the
-- sign-up was approved (the member-type filter needs it), member type and role.
CREATE FUNCTION "member_tally"("is_approved" boolean, "rejected_at" timestamptz, "suspended_at" timestamptz, "member_type" text, "role" text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT 'members:'
    || CASE WHEN suspended_at IS NOT NULL THEN 'suspended'
            WHEN rejected_at IS NOT NULL THEN 'rejected'
            WHEN is_approved THEN 'approved'
            ELSE 'pending' END
    || ':' || CASE WHEN is_approved THEN 'a' ELSE 'n' END
    || ':' || member_type || ':' || role
$$;
--> statement-breakpoint
-- One upsert per statement and tally, in name order (so two writers lock the rows in the same
-- order), and none when no row changed its tally: a login's UPDATE writes nothing here.
CREATE FUNCTION "tally_members"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "tallies" WHERE "name" LIKE 'members:%';
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "tallies" ("name", "value")
      SELECT "member_tally"("is_approved", "rejected_at", "suspended_at", "member_type", "role"), count(*)
      FROM "new_rows" GROUP BY 1 ORDER BY 1
    ON CONFLICT ("name") DO UPDATE SET "value" = "tallies"."value" + excluded."value";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "tallies" ("name", "value")
      SELECT "member_tally"("is_approved", "rejected_at", "suspended_at", "member_type", "role"), -count(*)
      FROM "old_rows" GROUP BY 1 ORDER BY 1
    ON CONFLICT ("name") DO UPDATE SET "value" = "tallies"."value" + excluded."value";
  ELSE
    INSERT INTO "tallies" ("name", "value")
      SELECT "name", sum("delta") FROM (
        SELECT "member_tally"("is_approved", "rejected_at", "suspended_at", "member_type", "role") AS "name", -1 AS "delta" FROM "old_rows"
        UNION ALL
        SELECT "member_tally"("is_approved", "rejected_at", "suspended_at", "member_type", "role"), 1 FROM "new_rows"
      ) AS "changes" GROUP BY "name" HAVING sum("delta") <> 0 ORDER BY "name"
    ON CONFLICT ("name") DO UPDATE SET "value" = "tallies"."value" + excluded."value";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "tally_applications"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "tallies" WHERE "name" LIKE 'applications:%';
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "tallies" ("name", "value")
      SELECT 'applications:' || "status", count(*) FROM "new_rows" GROUP BY 1 ORDER BY 1
    ON CONFLICT ("name") DO UPDATE SET "value" = "tallies"."value" + excluded."value";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "tallies" ("name", "value")
      SELECT 'applications:' || "status", -count(*) FROM "old_rows" GROUP BY 1 ORDER BY 1
    ON CONFLICT ("name") DO UPDATE SET "value" = "tallies"."value" + excluded."value";
  ELSE
    INSERT INTO "tallies" ("name", "value")
      SELECT "name", sum("delta") FROM (
        SELECT 'applications:' || "status" AS "name", -1 AS "delta" FROM "old_rows"
        UNION ALL
        SELECT 'applications:' || "status", 1 FROM "new_rows"
      ) AS "changes" GROUP BY "name" HAVING sum("delta") <> 0 ORDER BY "name"
    ON CONFLICT ("name") DO UPDATE SET "value" = "tallies"."value" + excluded."value";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_tally_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "tally_members"();
--> statement-breakpoint
CREATE TRIGGER "users_tally_update" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "tally_members"();
--> statement-breakpoint
CREATE TRIGGER "users_tally_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "tally_members"();
--> statement-breakpoint
CREATE TRIGGER "users_tally_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "tally_members"();
--> statement-breakpoint
CREATE TRIGGER "membership_applications_tally_insert" AFTER INSERT ON "membership_applications" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "tally_applications"();
--> statement-breakpoint
CREATE TRIGGER "membership_applications_tally_update" AFTER UPDATE ON "membership_applications" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "tally_applications"();
--> statement-breakpoint
CREATE TRIGGER "membership_applications_tally_delete" AFTER DELETE ON "membership_applications" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "tally_applications"();
--> statement-breakpoint
CREATE TRIGGER "membership_applications_tally_truncate" AFTER TRUNCATE ON "membership_applications" FOR EACH STATEMENT EXECUTE FUNCTION "tally_applications"();
--> statement-breakpoint
-- Under the triggers already, so no write between the count and the first trigger is missed.
LOCK TABLE "users", "membership_applications" IN SHARE MODE;
--> statement-breakpoint
INSERT INTO "tallies" ("name", "value")
  SELECT "member_tally"("is_approved", "rejected_at", "suspended_at", "member_type", "role"), count(*)
  FROM "users" GROUP BY 1;
--> statement-breakpoint
INSERT INTO "tallies" ("name", "value")
  SELECT 'applications:' || "status", count(*) FROM "membership_applications" GROUP BY 1;
