-- The dashboard's dues figures (this year's 미납 count) read every 정회원 against the year's
-- payments: 35–45 ms on PostgreSQL at 100,000 members, on every tab. Each serving process keeps
-- them under this version, which any statement that could change them moves on inside its own
-- transaction: a process that reads the version and then the figures can only keep figures as new
-- as the version or newer, never older (docs/performance.md, issue 41).
CREATE FUNCTION "bump_dues_figures_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "tallies" ("name", "value") VALUES ('versions:dues-figures', 1)
  ON CONFLICT ("name") DO UPDATE SET "value" = "tallies"."value" + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "dues_payments_bump_dues_figures" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "dues_payments" FOR EACH STATEMENT EXECUTE FUNCTION "bump_dues_figures_version"();
--> statement-breakpoint
CREATE TRIGGER "dues_exemptions_bump_dues_figures" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "dues_exemptions" FOR EACH STATEMENT EXECUTE FUNCTION "bump_dues_figures_version"();
--> statement-breakpoint
-- Only the columns the figures read: a login's UPDATE of last_login_at moves nothing.
CREATE TRIGGER "users_bump_dues_figures" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "is_approved", "rejected_at", "suspended_at", "member_type" ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "bump_dues_figures_version"();
