CREATE TABLE "job_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"succeeded" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	"stop_requested_at" timestamp with time zone,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_runs_status_check" CHECK ("job_runs"."status" IN ('running', 'done', 'failed', 'stopped')),
	CONSTRAINT "job_runs_kind_check" CHECK ("job_runs"."kind" IN ('places_import', 'email_collection'))
);
--> statement-breakpoint
ALTER TABLE "repairers" ADD COLUMN "email_source_url" text;--> statement-breakpoint
ALTER TABLE "repairers" ADD COLUMN "email_collected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "bounced_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "job_runs_one_running_key" ON "job_runs" USING btree ("kind") WHERE "job_runs"."status" = 'running';--> statement-breakpoint
CREATE INDEX "job_runs_kind_started_idx" ON "job_runs" USING btree ("kind","started_at");