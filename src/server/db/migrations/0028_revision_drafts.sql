CREATE TABLE "quote_revision_drafts" (
	"quote_id" integer PRIMARY KEY NOT NULL,
	"adjustment" jsonb NOT NULL,
	"view" jsonb NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quote_revision_drafts" ADD CONSTRAINT "quote_revision_drafts_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;