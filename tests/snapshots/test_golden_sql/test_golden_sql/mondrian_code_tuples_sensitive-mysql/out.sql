CREATE TEMPORARY TABLE `privrisk_x_tuples` AS
SELECT ROW_NUMBER() OVER () AS rid, CAST(0 AS SIGNED) AS pid, COUNT(*) AS n
     , CAST(0 AS SIGNED) AS h7
     , x.s0
     , x.s1
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
    SELECT CAST(r.`age` AS DOUBLE) AS c0, r.`age` AS v0
         , CAST(r.`income` AS DOUBLE) AS c1, CASE WHEN r.`income` = 0 THEN ABS(r.`income`) ELSE r.`income` END AS v1
         , CAST((CAST(TIMESTAMPDIFF(SECOND, '1970-01-01 00:00:00', r.`visit`) AS DOUBLE) + MICROSECOND(r.`visit`) / 1e6) AS DOUBLE) AS c2, r.`visit` AS v2
         , CAST(CASE WHEN r.`smoker` IS NULL THEN NULL WHEN r.`smoker` THEN 1 ELSE 0 END AS DOUBLE) AS c3
         , CAST(m4.code AS DOUBLE) AS c4
         , CAST(m5.code AS DOUBLE) AS c5
         , CAST(m6.code AS DOUBLE) AS c6
         , CAST(m7.code AS DOUBLE) AS c7
         , CAST(r.`flag` AS DOUBLE) AS c8, r.`flag` AS v8
         , CASE WHEN (CONVERT(r.`disease` USING utf8mb4) COLLATE utf8mb4_nopad_bin) IS NULL THEN NULL ELSE DENSE_RANK() OVER (ORDER BY CASE WHEN (CONVERT(r.`disease` USING utf8mb4) COLLATE utf8mb4_nopad_bin) IS NULL THEN 1 ELSE 0 END, (CONVERT(r.`disease` USING utf8mb4) COLLATE utf8mb4_nopad_bin), CASE WHEN LENGTH((CONVERT(r.`disease` USING utf8mb4) COLLATE utf8mb4_nopad_bin)) * 4 >= @@max_sort_length THEN UNHEX(SHA2((CONVERT(r.`disease` USING utf8mb4) COLLATE utf8mb4_nopad_bin), 256)) END) END AS s0
         , CASE WHEN r.`salary` IS NULL THEN NULL ELSE DENSE_RANK() OVER (ORDER BY CASE WHEN r.`salary` IS NULL THEN 1 ELSE 0 END, r.`salary`) END AS s1
    FROM "people" r
    LEFT JOIN `privrisk_x_map4` m4 ON m4.val = (CONVERT(r.`we"ird; DROP TABLE x;--` USING utf8mb4) COLLATE utf8mb4_nopad_bin)
    LEFT JOIN `privrisk_x_map5` m5 ON m5.val = (CONVERT(r.`city` USING utf8mb4) COLLATE utf8mb4_nopad_bin)
    LEFT JOIN `privrisk_x_map6` m6 ON m6.val = (CONVERT(r.`zone` USING utf8mb4) COLLATE utf8mb4_nopad_bin)
    LEFT JOIN `privrisk_x_map7` m7 ON m7.val = (CONVERT(r.`job` USING utf8mb4) COLLATE utf8mb4_nopad_bin)
) x
GROUP BY x.c0, x.c1, x.c2, x.c3, x.c4, x.c5, x.c6, x.c7, x.c8, x.s0, x.s1
