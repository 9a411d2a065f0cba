CREATE TEMPORARY TABLE `privrisk_x_tuples` AS
SELECT ROW_NUMBER() OVER () AS rid, CAST(0 AS SIGNED) AS pid, COUNT(*) AS n
     , CAST(0 AS SIGNED) AS h0
     , CAST(0 AS SIGNED) AS h1
     , x.c0, MIN(x.v0) AS vlo0, MAX(x.v0) AS vhi0
     , x.c1, MIN(x.v1) AS vlo1, MAX(x.v1) AS vhi1
FROM (
    SELECT CAST(m0.code AS DOUBLE) AS c0, r.`age` AS v0
         , CAST(m1.code AS DOUBLE) AS c1, r.`born` AS v1
    FROM "people" r
    LEFT JOIN `privrisk_x_map0` m0 ON m0.val = (CONVERT(r.`age` USING utf8mb4) COLLATE utf8mb4_nopad_bin)
    LEFT JOIN `privrisk_x_map1` m1 ON m1.val = (CONVERT(r.`born` USING utf8mb4) COLLATE utf8mb4_nopad_bin)
) x
GROUP BY x.c0, x.c1
