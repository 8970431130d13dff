ALTER TABLE "outbox_emails" ADD COLUMN "assessment_id" integer;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD CONSTRAINT "outbox_emails_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_emails_assessment_idx" ON "outbox_emails" USING btree ("assessment_id");--> statement-breakpoint
-- E-mails queued before this migration: a customer's e-mail names its enquiry's reference in its
-- subject (every one does), so it is linked to the enquiry with that reference sent to that address.
UPDATE "outbox_emails" o SET "assessment_id" = a."id" FROM "assessments" a
WHERE o."assessment_id" IS NULL AND lower(o."to_address") = lower(a."email") AND strpos(o."subject", a."reference") > 0;
