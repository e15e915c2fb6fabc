CREATE TABLE "kept_documents" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"hash" varchar(64) NOT NULL,
	"body" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kept_documents" ADD CONSTRAINT "kept_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kept_documents_user_idx" ON "kept_documents" USING btree ("user_id");