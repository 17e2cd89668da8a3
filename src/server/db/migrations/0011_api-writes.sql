CREATE TABLE "idempotency_keys" (
	"actor" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"claim" text NOT NULL,
	"locked_until" timestamp with time zone,
	"status_code" integer,
	"content_type" text,
	"body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_actor_key_pk" PRIMARY KEY("actor","key")
);
--> statement-breakpoint
DROP TABLE "cart_idempotency_keys" CASCADE;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
-- updatedSince on GET /api/products (ADR 0183): every change to a product row moves updated_at, whoever
-- writes it. The stock import and batch set it themselves; an UPDATE that leaves it alone gets now().
CREATE FUNCTION "products_touch_updated_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.updated_at IS NOT DISTINCT FROM OLD.updated_at THEN
    NEW.updated_at := now();
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_touch_updated_at" BEFORE UPDATE ON "products" FOR EACH ROW EXECUTE FUNCTION "products_touch_updated_at"();
