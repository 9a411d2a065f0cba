CREATE TEMP TABLE "privrisk_x_tuples" AS
SELECT ROW_NUMBER() OVER () AS rid, CAST(0 AS BIGINT) AS pid, COUNT(*) AS n
     , CAST(0 AS INTEGER) AS h7
     , x.s0
     , x.c0, MIN(x.v0) AS vlo0, MAX(x.v0) AS vhi0
     , x.c1, MIN(x.v1) AS vlo1, MAX(x.v1) AS vhi1
     , x.c2, MIN(x.v2) AS vlo2, MAX(x.v2) AS vhi2
     , x.c3
     , x.c4
     , x.c5
     , x.c6
     , x.c7
     , x.c8, MIN(x.v8) AS vlo8, MAX(x.v8) AS vhi8
FROM (
    SELECT CAST(r."age" AS DOUBLE PRECISION) AS c0, r."age" AS v0
         , CAST(r."income" AS DOUBLE PRECISION) AS c1, CASE WHEN r."income" = 0 THEN ABS(r."income") ELSE r."income" END AS v1
         , CAST((UNIXEPOCH(r."visit") + (CAST(STRFTIME('%f', r."visit") AS REAL) - CAST(STRFTIME('%S', r."visit") AS INTEGER))) AS DOUBLE PRECISION) AS c2, r."visit" AS v2
         , CAST(CASE WHEN r."smoker" IS NULL THEN NULL WHEN r."smoker" THEN 1 ELSE 0 END AS DOUBLE PRECISION) AS c3
         , CAST(m4.code AS DOUBLE PRECISION) AS c4
         , CAST(m5.code AS DOUBLE PRECISION) AS c5
         , CAST(m6.code AS DOUBLE PRECISION) AS c6
         , CAST(m7.code AS DOUBLE PRECISION) AS c7
         , CAST(r."flag" AS DOUBLE PRECISION) AS c8, r."flag" AS v8
         , CASE WHEN CASE WHEN (r."band" COLLATE BINARY) = ('low' COLLATE BINARY) THEN 1 WHEN (r."band" COLLATE BINARY) = ('it''s' COLLATE BINARY) THEN 2 WHEN (r."band" COLLATE BINARY) = ('high' COLLATE BINARY) THEN 3 END IS NULL THEN NULL ELSE DENSE_RANK() OVER (ORDER BY CASE WHEN CASE WHEN (r."band" COLLATE BINARY) = ('low' COLLATE BINARY) THEN 1 WHEN (r."band" COLLATE BINARY) = ('it''s' COLLATE BINARY) THEN 2 WHEN (r."band" COLLATE BINARY) = ('high' COLLATE BINARY) THEN 3 END IS NULL THEN 1 ELSE 0 END, CASE WHEN (r."band" COLLATE BINARY) = ('low' COLLATE BINARY) THEN 1 WHEN (r."band" COLLATE BINARY) = ('it''s' COLLATE BINARY) THEN 2 WHEN (r."band" COLLATE BINARY) = ('high' COLLATE BINARY) THEN 3 END) END AS s0
    FROM "people" r
    LEFT JOIN "privrisk_x_map4" m4 ON m4.val = (r."we""ird; DROP TABLE x;--" COLLATE BINARY)
    LEFT JOIN "privrisk_x_map5" m5 ON m5.val = (r."city" COLLATE BINARY)
    LEFT JOIN "privrisk_x_map6" m6 ON m6.val = (r."zone" COLLATE BINARY)
    LEFT JOIN "privrisk_x_map7" m7 ON m7.val = (r."job" COLLATE BINARY)
) x
GROUP BY x.c0, x.c1, x.c2, x.c3, x.c4, x.c5, x.c6, x.c7, x.c8, x.s0
