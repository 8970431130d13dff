ALTER TABLE "appointments" ADD COLUMN "sms_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "arrival_estimate" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "arrival_announced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "arrival_announcements" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "arrival_by" text;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "channel" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD CONSTRAINT "outbox_emails_channel_check" CHECK ("outbox_emails"."channel" IN ('email', 'sms'));