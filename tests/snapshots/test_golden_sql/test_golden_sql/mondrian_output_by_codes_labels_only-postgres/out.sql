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
FROM (SELECT "id", "age", "income", "visit", "smoker", "we""ird; DROP TABLE x;--", "city", "zone", "job", "flag" FROM "people") r
CROSS JOIN "privrisk_x_globals" g
JOIN "privrisk_x_tuple_labels" b ON b.c0 = CAST(r."age" AS DOUBLE PRECISION)
 AND b.c1 = COALESCE(CAST(CASE WHEN r."income" = CAST('NaN' AS DOUBLE PRECISION) THEN NULL ELSE r."income" END AS DOUBLE PRECISION), g.null_code1)
 AND b.c2 = CAST(EXTRACT(EPOCH FROM r."visit") AS DOUBLE PRECISION)
 AND b.c3 = CAST(CASE WHEN r."smoker" IS NULL THEN NULL WHEN r."smoker" THEN 1 ELSE 0 END AS DOUBLE PRECISION)
 AND b.v4 = (CAST(r."we""ird; DROP TABLE x;--" AS TEXT) COLLATE "C")
 AND COALESCE(b.v5, '') = (CAST(COALESCE(r."city", '') AS TEXT) COLLATE "C") AND (b.v5 IS NULL) = (r."city" IS NULL)
 AND COALESCE(b.v6, '') = (CAST(COALESCE(r."zone", '') AS TEXT) COLLATE "C") AND (b.v6 IS NULL) = (r."zone" IS NULL)
 AND b.v7 = (CAST(r."job" AS TEXT) COLLATE "C")
 AND b.c8 = CAST(r."flag" AS DOUBLE PRECISION)
