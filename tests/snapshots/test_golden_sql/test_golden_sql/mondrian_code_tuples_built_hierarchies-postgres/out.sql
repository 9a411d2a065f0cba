CREATE TEMP TABLE "privrisk_x_tuples" AS
SELECT ROW_NUMBER() OVER () AS rid, CAST(0 AS BIGINT) AS pid, COUNT(*) AS n
     , CAST(0 AS INTEGER) AS h0
     , CAST(0 AS INTEGER) AS h1
     , x.c0, MIN(x.v0) AS vlo0, MAX(x.v0) AS vhi0
     , x.c1, MIN(x.v1) AS vlo1, MAX(x.v1) AS vhi1
FROM (
    SELECT CAST(m0.code AS DOUBLE PRECISION) AS c0, r."age" AS v0
         , CAST(m1.code AS DOUBLE PRECISION) AS c1, r."born" AS v1
    FROM "people" r
    LEFT JOIN "privrisk_x_map0" m0 ON m0.val = (CAST(r."age" AS TEXT) COLLATE "C")
    LEFT JOIN "privrisk_x_map1" m1 ON m1.val = (CAST(r."born" AS TEXT) COLLATE "C")
) x
GROUP BY x.c0, x.c1
