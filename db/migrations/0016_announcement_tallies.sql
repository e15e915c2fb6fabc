-- The announcements per category, kept as migration 0012 keeps the members and applications:
-- the public board's total and the dashboard's count read a few rows of "tallies" instead of
-- counting 10,000 announcements on every render (issue 16).
CREATE FUNCTION "tally_announcements"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "tallies" WHERE "name" LIKE 'announcements:%';
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "tallies" ("name", "value")
      SELECT 'announcements:' || "category", count(*) FROM "new_rows" GROUP BY 1 ORDER BY 1
    ON CONFLICT ("name") DO UPDATE SET "value" = "tallies"."value" + excluded."value";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "tallies" ("name", "value")
      SELECT 'announcements:' || "category", -count(*) FROM "old_rows" GROUP BY 1 ORDER BY 1
    ON CONFLICT ("name") DO UPDATE SET "value" = "tallies"."value" + excluded."value";
  ELSE
    INSERT INTO "tallies" ("name", "value")
      SELECT "name", sum("delta") FROM (
        SELECT 'announcements:' || "category" AS "name", -1 AS "delta" FROM "old_rows"
        UNION ALL
        SELECT 'announcements:' || "category", 1 FROM "new_rows"
      ) AS "changes" GROUP BY "name" HAVING sum("delta") <> 0 ORDER BY "name"
    ON CONFLICT ("name") DO UPDATE SET "value" = "tallies"."value" + excluded."value";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "announcements_tally_insert" AFTER INSERT ON "announcements" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "tally_announcements"();
--> statement-breakpoint
CREATE TRIGGER "announcements_tally_update" AFTER UPDATE ON "announcements" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "tally_announcements"();
--> statement-breakpoint
CREATE TRIGGER "announcements_tally_delete" AFTER DELETE ON "announcements" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "tally_announcements"();
--> statement-breakpoint
CREATE TRIGGER "announcements_tally_truncate" AFTER TRUNCATE ON "announcements" FOR EACH STATEMENT EXECUTE FUNCTION "tally_announcements"();
--> statement-breakpoint
INSERT INTO "tallies" ("name", "value")
  SELECT 'announcements:' || "category", count(*) FROM "announcements" GROUP BY 1
ON CONFLICT ("name") DO UPDATE SET "value" = excluded."value";
