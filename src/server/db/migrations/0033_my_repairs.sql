CREATE TABLE "customer_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "customer_sign_in_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "customer_grants_token_hash_key";--> statement-breakpoint
ALTER TABLE "customer_grants" ADD COLUMN "session_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_sessions_token_hash_key" ON "customer_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "customer_sessions_email_idx" ON "customer_sessions" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_sign_in_links_token_hash_key" ON "customer_sign_in_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "customer_sign_in_links_email_idx" ON "customer_sign_in_links" USING btree ("email");--> statement-breakpoint
ALTER TABLE "customer_grants" ADD CONSTRAINT "customer_grants_session_id_customer_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."customer_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_grants_token_assessment_key" ON "customer_grants" USING btree ("token_hash","assessment_id");--> statement-breakpoint
CREATE INDEX "customer_grants_session_idx" ON "customer_grants" USING btree ("session_id") WHERE "customer_grants"."session_id" IS NOT NULL;