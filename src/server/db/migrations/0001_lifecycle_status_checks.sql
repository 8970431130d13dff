ALTER TABLE "payments" ALTER COLUMN "status" SET DEFAULT 'requires_payment';--> statement-breakpoint
ALTER TABLE "payouts" ALTER COLUMN "status" SET DEFAULT 'owed';--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_status_check" CHECK ("appointments"."status" IN ('held', 'confirmed', 'assigned', 'completed', 'lapsed', 'cancelled'));--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_status_check" CHECK ("assessments"."status" IN ('submitted', 'withdrawn'));--> statement-breakpoint
ALTER TABLE "job_notifications" ADD CONSTRAINT "job_notifications_status_check" CHECK ("job_notifications"."status" IN ('sent', 'viewed', 'accepted', 'declined', 'expired'));--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD CONSTRAINT "outbox_emails_status_check" CHECK ("outbox_emails"."status" IN ('pending', 'sent', 'logged', 'failed'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_check" CHECK ("payments"."status" IN ('requires_payment', 'succeeded', 'failed', 'cancelled', 'refunded'));--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_status_check" CHECK ("payouts"."status" IN ('owed', 'held', 'released', 'void'));--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_status_check" CHECK ("quotes"."status" IN ('pending', 'approved', 'booked'));--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_assignment_status_check" CHECK ("quotes"."assignment_status" IN ('unassigned', 'sent', 'assigned'));