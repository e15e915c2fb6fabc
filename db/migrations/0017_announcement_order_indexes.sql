DROP INDEX "announcements_created_idx";--> statement-breakpoint
CREATE INDEX "announcements_pinned_idx" ON "announcements" USING btree ("created_at","id") WHERE "announcements"."pinned";--> statement-breakpoint
CREATE INDEX "announcements_created_idx" ON "announcements" USING btree ("created_at","id");