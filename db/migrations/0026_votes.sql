CREATE TABLE "ballots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vote_id" uuid NOT NULL,
	"choice" integer NOT NULL,
	"receipt_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vote_objections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vote_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vote_roll" (
	"vote_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"voted" boolean DEFAULT false NOT NULL,
	"voted_on" date,
	CONSTRAINT "vote_roll_vote_id_user_id_pk" PRIMARY KEY("vote_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "votes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" varchar(20) NOT NULL,
	"options" jsonb NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"electorate" varchar(20) NOT NULL,
	"quorum" double precision,
	"roll_fixed_at" timestamp with time zone NOT NULL,
	"notified_at" timestamp with time zone,
	"annulled_at" timestamp with time zone,
	"annul_reason" text,
	"notice_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ballots" ADD CONSTRAINT "ballots_vote_id_votes_id_fk" FOREIGN KEY ("vote_id") REFERENCES "public"."votes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_objections" ADD CONSTRAINT "vote_objections_vote_id_votes_id_fk" FOREIGN KEY ("vote_id") REFERENCES "public"."votes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_objections" ADD CONSTRAINT "vote_objections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_roll" ADD CONSTRAINT "vote_roll_vote_id_votes_id_fk" FOREIGN KEY ("vote_id") REFERENCES "public"."votes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_roll" ADD CONSTRAINT "vote_roll_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_notice_id_announcements_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."announcements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ballots_vote_receipt_unique" ON "ballots" USING btree ("vote_id","receipt_hash");--> statement-breakpoint
CREATE INDEX "vote_objections_vote_idx" ON "vote_objections" USING btree ("vote_id","created_at");--> statement-breakpoint
CREATE INDEX "vote_roll_user_idx" ON "vote_roll" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "votes_opens_idx" ON "votes" USING btree ("opens_at");