CREATE TEMPORARY TABLE `privrisk_x_tuples` AS
SELECT ROW_NUMBER() OVER () AS rid, CAST(0 AS SIGNED) AS pid, COUNT(*) AS n
     , x.c0, MIN(x.v0) AS vlo0, MAX(x.v0) AS vhi0
     , x.c1, MIN(x.v1) AS vlo1, MAX(x.v1) AS vhi1
     , x.c2, MIN(x.v2) AS vlo2, MAX(x.v2) AS vhi2
     , x.c3
     , x.c4
FROM (
    SELECT CAST(r.`age` AS DOUBLE) AS c0, r.`age` AS v0
         , CAST(r.`income` AS DOUBLE) AS c1, r.`income` AS v1
         , CAST((CAST(TIMESTAMPDIFF(SECOND, '1970-01-01 00:00:00', r.`visit`) AS DOUBLE) + MICROSECOND(r.`visit`) / 1e6) AS DOUBLE) AS c2, r.`visit` AS v2
         , CAST(CASE WHEN r.`smoker` IS NULL THEN NULL WHEN r.`smoker` THEN 1 ELSE 0 END AS DOUBLE) AS c3
         , CAST(m4.code AS DOUBLE) AS c4
    FROM "people" r
    LEFT JOIN `privrisk_x_map4` m4 ON m4.val = (CONVERT(r.`we"ird; DROP TABLE x;--` USING utf8mb4) COLLATE utf8mb4_nopad_bin)
) x
GROUP BY x.c0, x.c1, x.c2, x.c3, x.c4
