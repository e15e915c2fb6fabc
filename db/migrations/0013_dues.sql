CREATE TABLE "dues_exemptions" (
	"user_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"reason" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dues_exemptions_user_id_year_pk" PRIMARY KEY("user_id","year")
);
--> statement-breakpoint
CREATE TABLE "dues_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"year" integer NOT NULL,
	"file_name" text NOT NULL,
	"rows" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dues_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"member_name" text NOT NULL,
	"year" integer NOT NULL,
	"amount" integer NOT NULL,
	"method" varchar(10) NOT NULL,
	"paid_at" date NOT NULL,
	"depositor_name" text,
	"memo" text,
	"receipt_code" text NOT NULL,
	"import_ref" text,
	"recorded_by" uuid,
	"voided_at" timestamp with time zone,
	"void_reason" text,
	"voided_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dues_reminders" (
	"user_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dues_reminders_user_id_year_kind_pk" PRIMARY KEY("user_id","year","kind")
);
--> statement-breakpoint
CREATE TABLE "dues_years" (
	"year" integer PRIMARY KEY NOT NULL,
	"regular_fee" integer NOT NULL,
	"lifetime_fee" integer NOT NULL,
	"due_date" date NOT NULL,
	"grace_until" date NOT NULL,
	"bank_account" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dues_exemptions" ADD CONSTRAINT "dues_exemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dues_exemptions" ADD CONSTRAINT "dues_exemptions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dues_imports" ADD CONSTRAINT "dues_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dues_payments" ADD CONSTRAINT "dues_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dues_payments" ADD CONSTRAINT "dues_payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dues_payments" ADD CONSTRAINT "dues_payments_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dues_reminders" ADD CONSTRAINT "dues_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dues_payments_user_year_idx" ON "dues_payments" USING btree ("user_id","year");--> statement-breakpoint
CREATE INDEX "dues_payments_year_idx" ON "dues_payments" USING btree ("year");--> statement-breakpoint
CREATE UNIQUE INDEX "dues_payments_receipt_unique" ON "dues_payments" USING btree ("receipt_code");--> statement-breakpoint
CREATE UNIQUE INDEX "dues_payments_import_unique" ON "dues_payments" USING btree ("import_ref");