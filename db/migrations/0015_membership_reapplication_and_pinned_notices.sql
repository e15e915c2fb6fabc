DROP INDEX "membership_applications_user_unique";--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "pinned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "membership_applications_user_open_unique" ON "membership_applications" USING btree ("user_id") WHERE "membership_applications"."status" in ('pending', 'approved');--> statement-breakpoint
CREATE INDEX "membership_applications_user_idx" ON "membership_applications" USING btree ("user_id","created_at");