ALTER TABLE "activity_counters" DROP CONSTRAINT "activity_counters_key";--> statement-breakpoint
ALTER TABLE "activity_counters" ADD COLUMN "platform_total" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "activity_counters_total_idx" ON "activity_counters" USING btree ("metric","day","service_code") WHERE "activity_counters"."platform_total";--> statement-breakpoint
ALTER TABLE "activity_counters" ADD CONSTRAINT "activity_counters_key" UNIQUE NULLS NOT DISTINCT("metric","day","unit_id","service_code","platform_total");--> statement-breakpoint
-- The platform's totals of the counters already kept (later events add to both rows).
INSERT INTO "activity_counters" ("day", "metric", "unit_id", "service_code", "count", "platform_total")
SELECT "day", "metric", NULL, "service_code", sum("count"), true FROM "activity_counters" GROUP BY 1, 2, 4;
