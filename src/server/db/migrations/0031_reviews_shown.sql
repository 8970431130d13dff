ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_action_check";--> statement-breakpoint
ALTER TABLE "repairers" ADD COLUMN "public_id" text DEFAULT substr(md5(random()::text || clock_timestamp()::text), 1, 12) NOT NULL;--> statement-breakpoint
ALTER TABLE "repairer_reviews" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "repairer_reviews" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "repairer_reviews" ADD COLUMN "hidden_by" text;--> statement-breakpoint
CREATE UNIQUE INDEX "repairers_public_id_key" ON "repairers" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "repairer_reviews_created_idx" ON "repairer_reviews" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "repairer_reviews" ADD CONSTRAINT "repairer_reviews_hidden_reason_check" CHECK ("repairer_reviews"."hidden_reason" IN ('abusive', 'personal-data'));--> statement-breakpoint
ALTER TABLE "repairer_reviews" ADD CONSTRAINT "repairer_reviews_hidden_check" CHECK (("repairer_reviews"."hidden_at" IS NULL) = ("repairer_reviews"."hidden_reason" IS NULL));--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_check" CHECK ("audit_log"."action" IN ('quote_approved', 'quote_changed', 'quote_deleted', 'payment_refunded', 'payout_withheld', 'job_taken_back', 'repairer_verified', 'repairer_unverified', 'repairer_added', 'availability_changed', 'repairer_applied', 'repairer_check_recorded', 'repairer_insurance_lapsed', 'data_exported', 'data_erased', 'review_hidden', 'review_shown_again'));