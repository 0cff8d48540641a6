CREATE INDEX "users_customer_sort_idx" ON "users" USING btree (lower(coalesce(nullif("company_name", ''), trim("first_name" || ' ' || "last_name"))),"id");
