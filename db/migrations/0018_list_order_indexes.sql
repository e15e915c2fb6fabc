DROP INDEX "users_pending_idx";--> statement-breakpoint
CREATE INDEX "membership_applications_created_idx" ON "membership_applications" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_pending_idx" ON "users" USING btree ("is_approved","created_at","id");