DROP INDEX "users_pending_idx";--> statement-breakpoint
CREATE INDEX "users_pending_idx" ON "users" USING btree ("is_approved","resubmitted_at","created_at","id");