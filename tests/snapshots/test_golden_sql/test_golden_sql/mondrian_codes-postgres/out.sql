CREATE TEMP TABLE "privrisk_x_w0" AS
SELECT r."privrisk_rid" AS rid, CAST(0 AS BIGINT) AS pid
     , CAST(r."age" AS DOUBLE PRECISION) AS c0
     , CAST(CASE WHEN r."income" = CAST('NaN' AS DOUBLE PRECISION) THEN NULL ELSE r."income" END AS DOUBLE PRECISION) AS c1
     , CAST(EXTRACT(EPOCH FROM r."visit") AS DOUBLE PRECISION) AS c2
     , CAST(CASE WHEN r."smoker" IS NULL THEN NULL WHEN r."smoker" THEN 1 ELSE 0 END AS DOUBLE PRECISION) AS c3
     , CAST(m4.code AS DOUBLE PRECISION) AS c4
     , CAST(m5.code AS DOUBLE PRECISION) AS c5
     , CAST(m6.code AS DOUBLE PRECISION) AS c6
     , CAST(m7.code AS DOUBLE PRECISION) AS c7
     , CAST(r."flag" AS DOUBLE PRECISION) AS c8
FROM "privrisk_x_rows" r
LEFT JOIN "privrisk_x_map4" m4 ON m4.val = (CAST(r."we""ird; DROP TABLE x;--" AS TEXT) COLLATE "C")
LEFT JOIN "privrisk_x_map5" m5 ON m5.val = (CAST(r."city" AS TEXT) COLLATE "C")
LEFT JOIN "privrisk_x_map6" m6 ON m6.val = (CAST(r."zone" AS TEXT) COLLATE "C")
LEFT JOIN "privrisk_x_map7" m7 ON m7.val = (CAST(r."job" AS TEXT) COLLATE "C")
