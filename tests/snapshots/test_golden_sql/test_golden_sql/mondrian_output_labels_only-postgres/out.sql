CREATE TABLE "people_k5" AS
SELECT r."id", b.partition_id AS "partition_id"
     , b.gen0 AS "age_gen"
     , b.gen1 AS "income_gen"
     , b.gen2 AS "visit_gen"
     , b.gen3 AS "smoker_gen"
     , b.gen4 AS "we""ird; DROP TABLE x;--_gen"
     , b.gen5 AS "city_gen"
     , b.gen6 AS "zone_gen"
     , b.gen7 AS "job_gen"
     , b.gen8 AS "flag_gen"
FROM "privrisk_x_rows" r
JOIN "privrisk_x_done" w ON w.rid = r."privrisk_rid"
JOIN "privrisk_x_labels" b ON b.pid = w.pid
