ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_action_check";--> statement-breakpoint
ALTER TABLE "repairers" ADD COLUMN "applied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "repairers" ADD COLUMN "years_experience" smallint;--> statement-breakpoint
ALTER TABLE "repairers" ADD COLUMN "insurer" text;--> statement-breakpoint
ALTER TABLE "repairers" ADD COLUMN "insurance_policy_number" text;--> statement-breakpoint
ALTER TABLE "repairers" ADD COLUMN "insurance_expiry_date" date;--> statement-breakpoint
ALTER TABLE "repairers" ADD COLUMN "insurance_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "repairers" ADD COLUMN "insurance_checked_by" text;--> statement-breakpoint
ALTER TABLE "repairers" ADD COLUMN "identity_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "repairers" ADD COLUMN "identity_checked_by" text;--> statement-breakpoint
ALTER TABLE "repairers" ADD COLUMN "identity_note" text;--> statement-breakpoint
ALTER TABLE "repairers" ADD COLUMN "skills_assessed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "repairers" ADD COLUMN "skills_assessed_by" text;--> statement-breakpoint
ALTER TABLE "repairers" ADD COLUMN "skills_note" text;--> statement-breakpoint
ALTER TABLE "repairers" ADD COLUMN "insurance_warned_for_date" date;--> statement-breakpoint
ALTER TABLE "repairers" ADD COLUMN "insurance_lapsed_for_date" date;--> statement-breakpoint
CREATE INDEX "repairers_insurance_expiry_idx" ON "repairers" USING btree ("insurance_expiry_date");--> statement-breakpoint
ALTER TABLE "repairers" ADD CONSTRAINT "repairers_years_experience_check" CHECK ("repairers"."years_experience" BETWEEN 0 AND 80);--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_check" CHECK ("audit_log"."action" IN ('quote_approved', 'quote_changed', 'quote_deleted', 'payment_refunded', 'payout_withheld', 'job_taken_back', 'repairer_verified', 'repairer_unverified', 'repairer_added', 'availability_changed', 'repairer_applied', 'repairer_check_recorded', 'repairer_insurance_lapsed', 'data_exported', 'data_erased'));