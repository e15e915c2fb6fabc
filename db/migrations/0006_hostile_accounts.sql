DROP INDEX "users_email_lower_unique";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_live_unique" ON "users" USING btree (lower("email")) WHERE "users"."rejected_at" is null;