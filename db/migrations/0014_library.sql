CREATE TABLE "resource_downloads" (
	"resource_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "resource_downloads_resource_id_user_id_day_pk" PRIMARY KEY("resource_id","user_id","day")
);
--> statement-breakpoint
DROP INDEX "academic_resources_created_idx";--> statement-breakpoint
ALTER TABLE "stored_objects" ALTER COLUMN "content_type" SET DATA TYPE varchar(100);--> statement-breakpoint
ALTER TABLE "academic_resources" ADD COLUMN "access" varchar(10) DEFAULT 'members' NOT NULL;--> statement-breakpoint
ALTER TABLE "academic_resources" ADD COLUMN "seminar_id" uuid;--> statement-breakpoint
ALTER TABLE "academic_resources" ADD COLUMN "content_type" varchar(100) DEFAULT 'application/octet-stream' NOT NULL;--> statement-breakpoint
ALTER TABLE "academic_resources" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "resource_downloads" ADD CONSTRAINT "resource_downloads_resource_id_academic_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."academic_resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_downloads" ADD CONSTRAINT "resource_downloads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "academic_resources" ADD CONSTRAINT "academic_resources_seminar_id_seminars_id_fk" FOREIGN KEY ("seminar_id") REFERENCES "public"."seminars"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "academic_resources_category_idx" ON "academic_resources" USING btree ("category","created_at");--> statement-breakpoint
CREATE INDEX "academic_resources_search_trgm_idx" ON "academic_resources" USING gin (("title" || chr(31) || coalesce("description", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "academic_resources_created_idx" ON "academic_resources" USING btree ("created_at","id");