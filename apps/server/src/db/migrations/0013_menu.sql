CREATE TABLE "coupon_redemptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupon_redemptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"coupon_id" integer NOT NULL,
	"order_id" bigint NOT NULL,
	"customer_id" integer,
	"amount_minor" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"value" bigint NOT NULL,
	"max_discount_minor" bigint,
	"min_order_minor" bigint DEFAULT 0 NOT NULL,
	"scope" text DEFAULT 'order' NOT NULL,
	"scope_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"order_types" smallint DEFAULT 7 NOT NULL,
	"valid_from" date,
	"valid_to" date,
	"weekdays" smallint DEFAULT 127 NOT NULL,
	"time_from" time,
	"time_to" time,
	"usage_limit" integer,
	"per_customer_limit" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"auto_apply" boolean DEFAULT false NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"stackable" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "coupons_kind_check" CHECK ("coupons"."kind" IN ('percent', 'amount')),
	CONSTRAINT "coupons_scope_check" CHECK ("coupons"."scope" IN ('order', 'category', 'variant')),
	CONSTRAINT "coupons_percent_check" CHECK ("coupons"."kind" <> 'percent' OR ("coupons"."value" > 0 AND "coupons"."value" <= 10000))
);
--> statement-breakpoint
CREATE TABLE "deal_component_options" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deal_component_options_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"component_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"qty" integer DEFAULT 1 NOT NULL,
	"extra_price_minor" bigint DEFAULT 0 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deal_components" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deal_components_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"deal_id" integer NOT NULL,
	"kind" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"min_choose" smallint DEFAULT 1 NOT NULL,
	"max_choose" smallint DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"category_id" integer,
	"price_minor" bigint NOT NULL,
	"image_path" text,
	"valid_from" date,
	"valid_to" date,
	"weekdays" smallint DEFAULT 127 NOT NULL,
	"time_from" time,
	"time_to" time,
	"order_types" smallint DEFAULT 7 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "deals_price_check" CHECK ("deals"."price_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "flavours" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "flavours_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "menu_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"parent_id" integer,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"image_path" text,
	"station_id" integer,
	"send_to_kitchen" boolean DEFAULT true NOT NULL,
	"revenue_account_id" integer,
	"cogs_account_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_variants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"size_id" integer,
	"flavour_id" integer,
	"price_minor" bigint NOT NULL,
	"barcode" text,
	"direct_store_product_id" integer,
	"direct_qty_micro" bigint,
	"active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_variants_price_check" CHECK ("product_variants"."price_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"category_id" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_path" text,
	"tax_class_id" integer,
	"station_id" integer,
	"prep_minutes" integer DEFAULT 0 NOT NULL,
	"track" text DEFAULT 'none' NOT NULL,
	"order_types" smallint DEFAULT 7 NOT NULL,
	"available_in_pos" boolean DEFAULT false NOT NULL,
	"sold_out" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_track_check" CHECK ("products"."track" IN ('recipe', 'direct', 'none'))
);
--> statement-breakpoint
CREATE TABLE "recipe_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recipe_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"recipe_id" integer NOT NULL,
	"line_no" smallint NOT NULL,
	"store_product_id" integer NOT NULL,
	"uom_id" integer NOT NULL,
	"qty_entered" numeric(20, 6) NOT NULL,
	"waste_bp" integer DEFAULT 0 NOT NULL,
	"qty_micro" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recipes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recipes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"variant_id" integer NOT NULL,
	"version" integer NOT NULL,
	"yield_portions" numeric(12, 3) DEFAULT '1' NOT NULL,
	"effective_from" timestamp with time zone DEFAULT now() NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "sizes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sizes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dining_tables" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dining_tables_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hall_id" integer NOT NULL,
	"name" text NOT NULL,
	"seats" smallint DEFAULT 4 NOT NULL,
	"shape" text DEFAULT 'square' NOT NULL,
	"x" integer DEFAULT 0 NOT NULL,
	"y" integer DEFAULT 0 NOT NULL,
	"w" integer DEFAULT 80 NOT NULL,
	"h" integer DEFAULT 80 NOT NULL,
	"status_override" text,
	"qr_token" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "dining_tables_shape_check" CHECK ("dining_tables"."shape" IN ('square', 'round', 'long'))
);
--> statement-breakpoint
CREATE TABLE "halls" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "halls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"outlet_id" integer NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"service_charge_bp" integer,
	"background_image_path" text,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kitchen_stations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kitchen_stations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"outlet_id" integer NOT NULL,
	"name" text NOT NULL,
	"printer_id" integer,
	"mode" text DEFAULT 'display' NOT NULL,
	"target_minutes" smallint DEFAULT 10 NOT NULL,
	"alert_minutes" smallint DEFAULT 15 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_methods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"account_id" integer,
	"opens_drawer" boolean DEFAULT false NOT NULL,
	"counted_at_close" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "payment_methods_kind_check" CHECK ("payment_methods"."kind" IN ('cash', 'card', 'bank', 'wallet', 'on_account'))
);
--> statement-breakpoint
CREATE TABLE "pos_counters" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pos_counters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"outlet_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"cash_account_id" integer NOT NULL,
	"receipt_printer_id" integer,
	"default_order_type" text DEFAULT 'take_away' NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pos_customers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pos_customers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"discount_bp" integer DEFAULT 0 NOT NULL,
	"credit_allowed" boolean DEFAULT false NOT NULL,
	"credit_limit_minor" bigint DEFAULT 0 NOT NULL,
	"receivable_account_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "pos_customers_discount_check" CHECK ("pos_customers"."discount_bp" >= 0 AND "pos_customers"."discount_bp" <= 10000)
);
--> statement-breakpoint
CREATE TABLE "printers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "printers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"kind" text DEFAULT 'browser' NOT NULL,
	"host" text DEFAULT '' NOT NULL,
	"port" integer DEFAULT 9100 NOT NULL,
	"width_chars" smallint DEFAULT 48 NOT NULL,
	"codepage" text DEFAULT 'cp437' NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_classes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tax_classes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"rate_bp" integer NOT NULL,
	"account_id" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "tax_classes_rate_check" CHECK ("tax_classes"."rate_bp" >= 0 AND "tax_classes"."rate_bp" <= 10000)
);
--> statement-breakpoint
CREATE TABLE "tax_method_rates" (
	"tax_class_id" integer NOT NULL,
	"payment_method_id" integer NOT NULL,
	"rate_bp" integer NOT NULL,
	CONSTRAINT "tax_method_rates_tax_class_id_payment_method_id_pk" PRIMARY KEY("tax_class_id","payment_method_id"),
	CONSTRAINT "tax_method_rates_rate_check" CHECK ("tax_method_rates"."rate_bp" >= 0 AND "tax_method_rates"."rate_bp" <= 10000)
);
--> statement-breakpoint
ALTER TABLE "account_integration" ADD COLUMN "restaurant_customers_group_id" integer;--> statement-breakpoint
ALTER TABLE "account_integration" ADD COLUMN "pos_sales_account_id" integer;--> statement-breakpoint
ALTER TABLE "account_integration" ADD COLUMN "sales_discount_account_id" integer;--> statement-breakpoint
ALTER TABLE "account_integration" ADD COLUMN "service_charge_account_id" integer;--> statement-breakpoint
ALTER TABLE "account_integration" ADD COLUMN "sales_tax_payable_account_id" integer;--> statement-breakpoint
ALTER TABLE "account_integration" ADD COLUMN "rounding_account_id" integer;--> statement-breakpoint
ALTER TABLE "account_integration" ADD COLUMN "cash_over_short_account_id" integer;--> statement-breakpoint
ALTER TABLE "account_integration" ADD COLUMN "card_clearing_account_id" integer;--> statement-breakpoint
ALTER TABLE "account_integration" ADD COLUMN "safe_cash_account_id" integer;--> statement-breakpoint
ALTER TABLE "outlets" ADD COLUMN "tax_inclusive" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "outlets" ADD COLUMN "service_charge_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outlets" ADD COLUMN "service_charge_types" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "outlets" ADD COLUMN "cash_rounding_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outlets" ADD COLUMN "day_cutoff" text DEFAULT '04:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "outlets" ADD COLUMN "kitchen_negative_policy" text DEFAULT 'allow_flag' NOT NULL;--> statement-breakpoint
ALTER TABLE "outlets" ADD COLUMN "take_away_fire_on" text DEFAULT 'payment' NOT NULL;--> statement-breakpoint
ALTER TABLE "outlets" ADD COLUMN "supervisor_rules" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "outlets" ADD COLUMN "receipt_header" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "outlets" ADD COLUMN "receipt_footer" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_component_options" ADD CONSTRAINT "deal_component_options_component_id_deal_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."deal_components"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_component_options" ADD CONSTRAINT "deal_component_options_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_components" ADD CONSTRAINT "deal_components_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_category_id_menu_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."menu_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_categories" ADD CONSTRAINT "menu_categories_parent_id_menu_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."menu_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_categories" ADD CONSTRAINT "menu_categories_station_id_kitchen_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."kitchen_stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_categories" ADD CONSTRAINT "menu_categories_revenue_account_id_accounts_id_fk" FOREIGN KEY ("revenue_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_categories" ADD CONSTRAINT "menu_categories_cogs_account_id_accounts_id_fk" FOREIGN KEY ("cogs_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_categories" ADD CONSTRAINT "menu_categories_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_size_id_sizes_id_fk" FOREIGN KEY ("size_id") REFERENCES "public"."sizes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_flavour_id_flavours_id_fk" FOREIGN KEY ("flavour_id") REFERENCES "public"."flavours"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_direct_store_product_id_store_products_id_fk" FOREIGN KEY ("direct_store_product_id") REFERENCES "public"."store_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_menu_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."menu_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tax_class_id_tax_classes_id_fk" FOREIGN KEY ("tax_class_id") REFERENCES "public"."tax_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_station_id_kitchen_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."kitchen_stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipe_lines" ADD CONSTRAINT "recipe_lines_recipe_id_recipes_id_fk" FOREIGN KEY ("recipe_id") REFERENCES "public"."recipes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipe_lines" ADD CONSTRAINT "recipe_lines_store_product_id_store_products_id_fk" FOREIGN KEY ("store_product_id") REFERENCES "public"."store_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipe_lines" ADD CONSTRAINT "recipe_lines_uom_id_units_uom_id_fk" FOREIGN KEY ("uom_id") REFERENCES "public"."units"("uom_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipes" ADD CONSTRAINT "recipes_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipes" ADD CONSTRAINT "recipes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dining_tables" ADD CONSTRAINT "dining_tables_hall_id_halls_id_fk" FOREIGN KEY ("hall_id") REFERENCES "public"."halls"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "halls" ADD CONSTRAINT "halls_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchen_stations" ADD CONSTRAINT "kitchen_stations_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchen_stations" ADD CONSTRAINT "kitchen_stations_printer_id_printers_id_fk" FOREIGN KEY ("printer_id") REFERENCES "public"."printers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_counters" ADD CONSTRAINT "pos_counters_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_counters" ADD CONSTRAINT "pos_counters_cash_account_id_accounts_id_fk" FOREIGN KEY ("cash_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_counters" ADD CONSTRAINT "pos_counters_receipt_printer_id_printers_id_fk" FOREIGN KEY ("receipt_printer_id") REFERENCES "public"."printers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_customers" ADD CONSTRAINT "pos_customers_receivable_account_id_accounts_id_fk" FOREIGN KEY ("receivable_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_customers" ADD CONSTRAINT "pos_customers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_classes" ADD CONSTRAINT "tax_classes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_method_rates" ADD CONSTRAINT "tax_method_rates_tax_class_id_tax_classes_id_fk" FOREIGN KEY ("tax_class_id") REFERENCES "public"."tax_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_method_rates" ADD CONSTRAINT "tax_method_rates_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_redemptions_order_key" ON "coupon_redemptions" USING btree ("coupon_id","order_id");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_customer_idx" ON "coupon_redemptions" USING btree ("coupon_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_key" ON "coupons" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "deals_code_key" ON "deals" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "flavours_name_key" ON "flavours" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "menu_categories_name_key" ON "menu_categories" USING btree (coalesce("parent_id", 0),lower("name"));--> statement-breakpoint
CREATE INDEX "menu_categories_parent_idx" ON "menu_categories" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_grid_key" ON "product_variants" USING btree ("product_id",coalesce("size_id", 0),coalesce("flavour_id", 0));--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_barcode_key" ON "product_variants" USING btree ("barcode");--> statement-breakpoint
CREATE UNIQUE INDEX "products_code_key" ON "products" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "products_name_key" ON "products" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recipe_lines_product_key" ON "recipe_lines" USING btree ("recipe_id","store_product_id");--> statement-breakpoint
CREATE INDEX "recipe_lines_store_product_idx" ON "recipe_lines" USING btree ("store_product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recipes_version_key" ON "recipes" USING btree ("variant_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "recipes_one_active_key" ON "recipes" USING btree ("variant_id") WHERE "recipes"."active";--> statement-breakpoint
CREATE UNIQUE INDEX "sizes_name_key" ON "sizes" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "dining_tables_name_key" ON "dining_tables" USING btree ("hall_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "dining_tables_qr_key" ON "dining_tables" USING btree ("qr_token");--> statement-breakpoint
CREATE UNIQUE INDEX "halls_name_key" ON "halls" USING btree ("outlet_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "kitchen_stations_name_key" ON "kitchen_stations" USING btree ("outlet_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_name_key" ON "payment_methods" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "pos_counters_code_key" ON "pos_counters" USING btree ("outlet_id",lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "pos_customers_phone_key" ON "pos_customers" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_classes_name_key" ON "tax_classes" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "account_integration" ADD CONSTRAINT "account_integration_restaurant_customers_group_id_accounts_id_fk" FOREIGN KEY ("restaurant_customers_group_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_integration" ADD CONSTRAINT "account_integration_pos_sales_account_id_accounts_id_fk" FOREIGN KEY ("pos_sales_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_integration" ADD CONSTRAINT "account_integration_sales_discount_account_id_accounts_id_fk" FOREIGN KEY ("sales_discount_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_integration" ADD CONSTRAINT "account_integration_service_charge_account_id_accounts_id_fk" FOREIGN KEY ("service_charge_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_integration" ADD CONSTRAINT "account_integration_sales_tax_payable_account_id_accounts_id_fk" FOREIGN KEY ("sales_tax_payable_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_integration" ADD CONSTRAINT "account_integration_rounding_account_id_accounts_id_fk" FOREIGN KEY ("rounding_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_integration" ADD CONSTRAINT "account_integration_cash_over_short_account_id_accounts_id_fk" FOREIGN KEY ("cash_over_short_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_integration" ADD CONSTRAINT "account_integration_card_clearing_account_id_accounts_id_fk" FOREIGN KEY ("card_clearing_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_integration" ADD CONSTRAINT "account_integration_safe_cash_account_id_accounts_id_fk" FOREIGN KEY ("safe_cash_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;