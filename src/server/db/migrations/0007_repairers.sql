CREATE TABLE "repairer_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"repairer_id" integer NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repairer_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"appointment_id" integer NOT NULL,
	"repairer_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "repairer_reviews_rating_check" CHECK ("repairer_reviews"."rating" BETWEEN 1 AND 5)
);
--> statement-breakpoint
DROP INDEX "job_notifications_quote_repairer_key";--> statement-breakpoint
ALTER TABLE "repairers" ADD COLUMN "stripe_onboarded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "assessment_images" ADD COLUMN "kind" text DEFAULT 'damage' NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "customer_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "problem_reported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "problem_report" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "repairer_invitations" ADD CONSTRAINT "repairer_invitations_repairer_id_repairers_id_fk" FOREIGN KEY ("repairer_id") REFERENCES "public"."repairers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repairer_reviews" ADD CONSTRAINT "repairer_reviews_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repairer_reviews" ADD CONSTRAINT "repairer_reviews_repairer_id_repairers_id_fk" FOREIGN KEY ("repairer_id") REFERENCES "public"."repairers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "repairer_invitations_token_key" ON "repairer_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "repairer_invitations_repairer_idx" ON "repairer_invitations" USING btree ("repairer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "repairer_reviews_appointment_key" ON "repairer_reviews" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "repairer_reviews_repairer_idx" ON "repairer_reviews" USING btree ("repairer_id");--> statement-breakpoint
CREATE INDEX "repairers_location_idx" ON "repairers" USING btree ("latitude","longitude");--> statement-breakpoint
CREATE UNIQUE INDEX "job_notifications_quote_repairer_open_key" ON "job_notifications" USING btree ("quote_id","repairer_id") WHERE "job_notifications"."status" IN ('sent', 'viewed');--> statement-breakpoint
CREATE UNIQUE INDEX "job_notifications_quote_accepted_key" ON "job_notifications" USING btree ("quote_id") WHERE "job_notifications"."status" = 'accepted';--> statement-breakpoint
CREATE INDEX "job_notifications_open_expiry_idx" ON "job_notifications" USING btree ("expires_at") WHERE "job_notifications"."status" IN ('sent', 'viewed');--> statement-breakpoint
ALTER TABLE "assessment_images" ADD CONSTRAINT "assessment_images_kind_check" CHECK ("assessment_images"."kind" IN ('damage', 'after'));