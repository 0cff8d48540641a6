CREATE TABLE "catalog_versions" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_versions_one_row" CHECK ("catalog_versions"."id" = 1)
);--> statement-breakpoint
-- Every write to what GET /api/pos/bootstrap answers raises the version (its ETag), in the writer's
-- own transaction, so a register sees a new ETag exactly when it would see new data. The row is made by
-- the first write (no row: version 1), so a migrated database is empty and a backup loads into it.
CREATE FUNCTION "bump_catalog_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "catalog_versions" AS c ("id", "version", "changed_at") VALUES (1, 2, clock_timestamp())
  ON CONFLICT ("id") DO UPDATE SET "version" = c."version" + 1, "changed_at" = clock_timestamp();
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "outlets_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "outlets" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "tax_classes_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tax_classes" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "tax_method_rates_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tax_method_rates" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "payment_methods_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "payment_methods" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "pos_counters_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "pos_counters" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "kitchen_stations_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "kitchen_stations" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "printers_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "printers" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "menu_categories_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "menu_categories" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "flavours_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "flavours" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "sizes_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sizes" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "products_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "product_variants_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_variants" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "deals_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "deals" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "deal_components_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "deal_components" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "deal_component_options_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "deal_component_options" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "halls_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "halls" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "dining_tables_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "dining_tables" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "coupons_catalog_version" AFTER INSERT OR DELETE OR TRUNCATE ON "coupons" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
-- A redemption raises used_count at every sale with a coupon; that alone is not a change of master data.
CREATE TRIGGER "coupons_catalog_version_edit" AFTER UPDATE ON "coupons" FOR EACH ROW WHEN ((to_jsonb(OLD) - 'used_count') IS DISTINCT FROM (to_jsonb(NEW) - 'used_count')) EXECUTE FUNCTION "bump_catalog_version"();
