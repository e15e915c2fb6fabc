CREATE TABLE "seminar_check_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registration_id" uuid NOT NULL,
	"direction" varchar(3) NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"scan_id" text,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "seminar_registrations" ADD COLUMN "queued_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "seminar_registrations" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "seminar_registrations" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "seminar_registrations" ADD COLUMN "cancelled_by" uuid;--> statement-breakpoint
ALTER TABLE "seminar_registrations" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "seminar_registrations" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "seminars" ADD COLUMN "end_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "seminars" ADD COLUMN "capacity" integer;--> statement-breakpoint
ALTER TABLE "seminars" ADD COLUMN "registration_opens_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "seminars" ADD COLUMN "registration_closes_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "seminars" ADD COLUMN "cancellation_deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "seminars" ADD COLUMN "audience" varchar(20) DEFAULT 'members' NOT NULL;--> statement-breakpoint
ALTER TABLE "seminars" ADD COLUMN "cme_credits" integer;--> statement-breakpoint
ALTER TABLE "seminar_check_ins" ADD CONSTRAINT "seminar_check_ins_registration_id_seminar_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."seminar_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seminar_check_ins" ADD CONSTRAINT "seminar_check_ins_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "seminar_check_ins_scan_unique" ON "seminar_check_ins" USING btree ("scan_id");--> statement-breakpoint
CREATE INDEX "seminar_check_ins_registration_idx" ON "seminar_check_ins" USING btree ("registration_id","at");--> statement-breakpoint
CREATE INDEX "seminar_registrations_queue_idx" ON "seminar_registrations" USING btree ("seminar_id","status","queued_at","id");--> statement-breakpoint
UPDATE "seminars" SET "cancellation_deadline" = "date" - interval '3 days' WHERE "cancellation_deadline" IS NULL;
