CREATE TABLE "coverage_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"assessment_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "coverage_requests" ADD CONSTRAINT "coverage_requests_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coverage_requests_assessment_key" ON "coverage_requests" USING btree ("assessment_id");--> statement-breakpoint
CREATE INDEX "coverage_requests_waiting_idx" ON "coverage_requests" USING btree ("id") WHERE "coverage_requests"."notified_at" IS NULL;