CREATE TEMPORARY TABLE `privrisk_x_w0` AS
SELECT r.`privrisk_rid` AS rid, CAST(0 AS SIGNED) AS pid
     , CAST(r.`age` AS DOUBLE) AS c0
     , CAST(r.`income` AS DOUBLE) AS c1
     , CAST((CAST(TIMESTAMPDIFF(SECOND, '1970-01-01 00:00:00', r.`visit`) AS DOUBLE) + MICROSECOND(r.`visit`) / 1e6) AS DOUBLE) AS c2
     , CAST(CASE WHEN r.`smoker` IS NULL THEN NULL WHEN r.`smoker` THEN 1 ELSE 0 END AS DOUBLE) AS c3
     , CAST(m4.code AS DOUBLE) AS c4
     , CAST(m5.code AS DOUBLE) AS c5
     , CAST(m6.code AS DOUBLE) AS c6
     , CAST(m7.code AS DOUBLE) AS c7
     , CAST(r.`flag` AS DOUBLE) AS c8
FROM `privrisk_x_rows` r
LEFT JOIN `privrisk_x_map4` m4 ON m4.val = (CONVERT(r.`we"ird; DROP TABLE x;--` USING utf8mb4) COLLATE utf8mb4_nopad_bin)
LEFT JOIN `privrisk_x_map5` m5 ON m5.val = (CONVERT(r.`city` USING utf8mb4) COLLATE utf8mb4_nopad_bin)
LEFT JOIN `privrisk_x_map6` m6 ON m6.val = (CONVERT(r.`zone` USING utf8mb4) COLLATE utf8mb4_nopad_bin)
LEFT JOIN `privrisk_x_map7` m7 ON m7.val = (CONVERT(r.`job` USING utf8mb4) COLLATE utf8mb4_nopad_bin)
