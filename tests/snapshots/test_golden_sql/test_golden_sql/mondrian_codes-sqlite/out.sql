CREATE TEMP TABLE "privrisk_x_w0" AS
SELECT r."privrisk_rid" AS rid, CAST(0 AS BIGINT) AS pid
     , CAST(r."age" AS DOUBLE PRECISION) AS c0
     , CAST(r."income" AS DOUBLE PRECISION) AS c1
     , CAST((UNIXEPOCH(r."visit") + (CAST(STRFTIME('%f', r."visit") AS REAL) - CAST(STRFTIME('%S', r."visit") AS INTEGER))) AS DOUBLE PRECISION) AS c2
     , CAST(CASE WHEN r."smoker" IS NULL THEN NULL WHEN r."smoker" THEN 1 ELSE 0 END AS DOUBLE PRECISION) AS c3
     , CAST(m4.code AS DOUBLE PRECISION) AS c4
     , CAST(m5.code AS DOUBLE PRECISION) AS c5
     , CAST(m6.code AS DOUBLE PRECISION) AS c6
     , CAST(m7.code AS DOUBLE PRECISION) AS c7
     , CAST(r."flag" AS DOUBLE PRECISION) AS c8
FROM "privrisk_x_rows" r
LEFT JOIN "privrisk_x_map4" m4 ON m4.val = (r."we""ird; DROP TABLE x;--" COLLATE BINARY)
LEFT JOIN "privrisk_x_map5" m5 ON m5.val = (r."city" COLLATE BINARY)
LEFT JOIN "privrisk_x_map6" m6 ON m6.val = (r."zone" COLLATE BINARY)
LEFT JOIN "privrisk_x_map7" m7 ON m7.val = (r."job" COLLATE BINARY)
