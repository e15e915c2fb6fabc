ALTER TABLE "seminar_registrations" DROP CONSTRAINT "seminar_registrations_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "seminar_registrations" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "seminar_registrations" ADD COLUMN "license_number" text;--> statement-breakpoint
ALTER TABLE "seminar_registrations" ADD CONSTRAINT "seminar_registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;