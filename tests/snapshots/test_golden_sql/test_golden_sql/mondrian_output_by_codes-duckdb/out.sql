CREATE TABLE "people_k5" AS
SELECT r."id", b.partition_id AS "partition_id"
     , b.lo0 AS "age_lo", b.hi0 AS "age_hi", b.gen0 AS "age_gen"
     , b.lo1 AS "income_lo", b.hi1 AS "income_hi", b.gen1 AS "income_gen"
     , b.lo2 AS "visit_lo", b.hi2 AS "visit_hi", b.gen2 AS "visit_gen"
     , b.lo3 AS "smoker_lo", b.hi3 AS "smoker_hi", b.gen3 AS "smoker_gen"
     , b.lo4 AS "we""ird; DROP TABLE x;--_lo", b.hi4 AS "we""ird; DROP TABLE x;--_hi", b.gen4 AS "we""ird; DROP TABLE x;--_gen"
FROM (
    SELECT r."privrisk_rid", r."id"
         , CAST(r."age" AS DOUBLE PRECISION) AS "privrisk_c0"
         , COALESCE(CAST(CASE WHEN r."income" = CAST('NaN' AS DOUBLE PRECISION) THEN NULL ELSE r."income" END AS DOUBLE PRECISION), g.null_code1) AS "privrisk_c1"
         , CAST(EPOCH(r."visit") AS DOUBLE PRECISION) AS "privrisk_c2"
         , CAST(CASE WHEN r."smoker" IS NULL THEN NULL WHEN r."smoker" THEN 1 ELSE 0 END AS DOUBLE PRECISION) AS "privrisk_c3"
         , CAST(m4.code AS DOUBLE PRECISION) AS "privrisk_c4"
    FROM (SELECT ROW_NUMBER() OVER () AS "privrisk_rid", "id", "age", "income", "visit", "smoker", "we""ird; DROP TABLE x;--" FROM "people") r
    CROSS JOIN "privrisk_x_globals" g
    LEFT JOIN "privrisk_x_map4" m4 ON m4.val = r."we""ird; DROP TABLE x;--"
) r
JOIN "privrisk_x_done" w ON w.c0 = r."privrisk_c0" AND w.c1 = r."privrisk_c1" AND w.c2 = r."privrisk_c2" AND w.c3 = r."privrisk_c3" AND w.c4 = r."privrisk_c4"
JOIN "privrisk_x_labels" b ON b.pid = w.pid
ORDER BY r."privrisk_rid"
