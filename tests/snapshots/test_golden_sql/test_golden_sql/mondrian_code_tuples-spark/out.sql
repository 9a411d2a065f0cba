CREATE TABLE `privrisk_x_tuples` AS
SELECT ROW_NUMBER() OVER (ORDER BY x.c0, x.c1, x.c2, x.c3, x.c4) AS rid, CAST(0 AS BIGINT) AS pid, COUNT(*) AS n
     , x.c0, MIN(x.v0) AS vlo0, MAX(x.v0) AS vhi0
     , x.c1, MIN(x.v1) AS vlo1, MAX(x.v1) AS vhi1
     , x.c2, MIN(x.v2) AS vlo2, MAX(x.v2) AS vhi2
     , x.c3
     , x.c4
FROM (
    SELECT CAST(r.`age` AS DOUBLE) AS c0, r.`age` AS v0
         , CAST(CASE WHEN r.`income` = CAST('NaN' AS DOUBLE) THEN NULL ELSE r.`income` END AS DOUBLE) AS c1, CASE WHEN r.`income` = CAST('NaN' AS DOUBLE) THEN NULL ELSE r.`income` END AS v1
         , CAST((CAST(TIMESTAMPDIFF(MICROSECOND, TIMESTAMP_NTZ'1970-01-01 00:00:00', CAST(r.`visit` AS TIMESTAMP_NTZ)) AS DOUBLE) / 1e6) AS DOUBLE) AS c2, r.`visit` AS v2
         , CAST(CASE WHEN r.`smoker` IS NULL THEN NULL WHEN r.`smoker` THEN 1 ELSE 0 END AS DOUBLE) AS c3
         , CAST(m4.code AS DOUBLE) AS c4
    FROM "people" r
    LEFT JOIN `privrisk_x_map4` m4 ON m4.val = (CAST(r.`we"ird; DROP TABLE x;--` AS STRING) COLLATE UTF8_BINARY)
) x
GROUP BY x.c0, x.c1, x.c2, x.c3, x.c4
