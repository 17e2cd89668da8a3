CREATE TABLE "closed_days" (
	"day" date PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "placed_by_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "po_reference" text;--> statement-breakpoint
ALTER TABLE "closed_days" ADD CONSTRAINT "closed_days_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;