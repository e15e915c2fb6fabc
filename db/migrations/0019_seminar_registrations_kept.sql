ALTER TABLE "seminar_registrations" DROP CONSTRAINT "seminar_registrations_seminar_id_seminars_id_fk";
--> statement-breakpoint
ALTER TABLE "seminar_registrations" ADD CONSTRAINT "seminar_registrations_seminar_id_seminars_id_fk" FOREIGN KEY ("seminar_id") REFERENCES "public"."seminars"("id") ON DELETE restrict ON UPDATE no action;