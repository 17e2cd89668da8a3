-- Field mode's changes feed (docs/decisions/0228): a device that keeps the catalogue asks for what changed
-- since its last sync, deletions included. A deleted product leaves its SKU and the time here, whoever
-- deleted it (a stock upload with mode=replace, a test, psql); a SKU that comes back drops its tombstone.
CREATE TABLE "product_tombstones" (
	"id" integer PRIMARY KEY NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "product_tombstones_deleted_idx" ON "product_tombstones" USING btree ("deleted_at");--> statement-breakpoint
CREATE FUNCTION "products_leave_tombstone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_tombstones (id, deleted_at) VALUES (OLD.id, now())
  ON CONFLICT (id) DO UPDATE SET deleted_at = excluded.deleted_at;
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_leave_tombstone" AFTER DELETE ON "products" FOR EACH ROW EXECUTE FUNCTION "products_leave_tombstone"();--> statement-breakpoint
CREATE FUNCTION "products_drop_tombstone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_tombstones WHERE id = NEW.id;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_drop_tombstone" AFTER INSERT ON "products" FOR EACH ROW EXECUTE FUNCTION "products_drop_tombstone"();
