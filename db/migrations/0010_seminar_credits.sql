CREATE TABLE "seminar_credit_sheets" (
	"seminar_id" uuid PRIMARY KEY NOT NULL,
	"status" varchar(20) DEFAULT 'draft' NOT NULL,
	"sent_at" timestamp with time zone,
	"objection_deadline" timestamp with time zone,
	"locked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seminar_credits" (
	"registration_id" uuid PRIMARY KEY NOT NULL,
	"seminar_id" uuid NOT NULL,
	"corrected_entry_at" timestamp with time zone,
	"corrected_exit_at" timestamp with time zone,
	"credits_override" integer,
	"correction_reason" text,
	"corrected_at" timestamp with time zone,
	"corrected_by" uuid,
	"sent_credits" integer,
	"objection" text,
	"objected_at" timestamp with time zone,
	"final_entry_at" timestamp with time zone,
	"final_exit_at" timestamp with time zone,
	"final_minutes" integer,
	"final_credits" integer,
	"certificate_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "seminars" ADD COLUMN "credit_bands" jsonb;--> statement-breakpoint
ALTER TABLE "seminars" ADD COLUMN "credit_breaks" jsonb;--> statement-breakpoint
ALTER TABLE "seminar_credit_sheets" ADD CONSTRAINT "seminar_credit_sheets_seminar_id_seminars_id_fk" FOREIGN KEY ("seminar_id") REFERENCES "public"."seminars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seminar_credits" ADD CONSTRAINT "seminar_credits_registration_id_seminar_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."seminar_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seminar_credits" ADD CONSTRAINT "seminar_credits_seminar_id_seminars_id_fk" FOREIGN KEY ("seminar_id") REFERENCES "public"."seminars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seminar_credits" ADD CONSTRAINT "seminar_credits_corrected_by_users_id_fk" FOREIGN KEY ("corrected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seminar_credits_seminar_idx" ON "seminar_credits" USING btree ("seminar_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seminar_credits_certificate_unique" ON "seminar_credits" USING btree ("certificate_code");