CREATE TABLE "payment_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_row_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"cancellation_id" text,
	"refunded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_webhooks" (
	"webhook_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payment_id" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" text NOT NULL,
	"user_id" uuid,
	"member_name" text NOT NULL,
	"purpose" varchar(10) NOT NULL,
	"dues_year" integer,
	"seminar_id" uuid,
	"registration_id" uuid,
	"order_name" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" varchar(3) DEFAULT 'KRW' NOT NULL,
	"provider" varchar(10) NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"method" varchar(20),
	"easy_pay" varchar(20),
	"cash_receipt_type" varchar(10),
	"cash_receipt_identifier" text,
	"transaction_id" text,
	"cash_receipt_number" text,
	"virtual_account" jsonb,
	"receipt_url" text,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"fail_reason" text,
	"expires_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"dues_payment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_gateway_payments" (
	"payment_id" text PRIMARY KEY NOT NULL,
	"payment" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "seminar_registrations" ADD COLUMN "hold_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "seminars" ADD COLUMN "fee_full" integer;--> statement-breakpoint
ALTER TABLE "seminars" ADD COLUMN "fee_other" integer;--> statement-breakpoint
ALTER TABLE "seminars" ADD COLUMN "fee_full_early" integer;--> statement-breakpoint
ALTER TABLE "seminars" ADD COLUMN "fee_other_early" integer;--> statement-breakpoint
ALTER TABLE "seminars" ADD COLUMN "fee_early_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_row_id_payments_id_fk" FOREIGN KEY ("payment_row_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_refunded_by_users_id_fk" FOREIGN KEY ("refunded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_seminar_id_seminars_id_fk" FOREIGN KEY ("seminar_id") REFERENCES "public"."seminars"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_registration_id_seminar_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."seminar_registrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_dues_payment_id_dues_payments_id_fk" FOREIGN KEY ("dues_payment_id") REFERENCES "public"."dues_payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_refunds_payment_idx" ON "payment_refunds" USING btree ("payment_row_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_cancellation_unique" ON "payment_refunds" USING btree ("cancellation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_payment_id_unique" ON "payments" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payments_registration_idx" ON "payments" USING btree ("registration_id");