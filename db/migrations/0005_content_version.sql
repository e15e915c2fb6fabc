CREATE TABLE "content_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "content_version" ("id", "version") VALUES (1, 0);
--> statement-breakpoint
-- Every write to a table the public pages show moves the version on, inside the writing
-- transaction: a cached page is never served after the write's response has been sent.
CREATE FUNCTION "bump_content_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "content_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "announcements_bump_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "announcements" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "seminars_bump_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "seminars" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "executives_bump_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "executives" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "history_events_bump_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "history_events" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
