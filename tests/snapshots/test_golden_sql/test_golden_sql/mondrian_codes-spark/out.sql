CREATE TABLE `privrisk_x_w0` AS
SELECT r.`privrisk_rid` AS rid, CAST(0 AS BIGINT) AS pid
     , CAST(r.`age` AS DOUBLE) AS c0
     , CAST(CASE WHEN r.`income` = CAST('NaN' AS DOUBLE) THEN NULL ELSE r.`income` END AS DOUBLE) AS c1
     , CAST((CAST(TIMESTAMPDIFF(MICROSECOND, TIMESTAMP_NTZ'1970-01-01 00:00:00', CAST(r.`visit` AS TIMESTAMP_NTZ)) AS DOUBLE) / 1e6) AS DOUBLE) AS c2
     , CAST(CASE WHEN r.`smoker` IS NULL THEN NULL WHEN r.`smoker` THEN 1 ELSE 0 END AS DOUBLE) AS c3
     , CAST(m4.code AS DOUBLE) AS c4
     , CAST(m5.code AS DOUBLE) AS c5
     , CAST(m6.code AS DOUBLE) AS c6
     , CAST(m7.code AS DOUBLE) AS c7
     , CAST(r.`flag` AS DOUBLE) AS c8
FROM `privrisk_x_rows` r
LEFT JOIN `privrisk_x_map4` m4 ON m4.val = (CAST(r.`we"ird; DROP TABLE x;--` AS STRING) COLLATE UTF8_BINARY)
LEFT JOIN `privrisk_x_map5` m5 ON m5.val = (CAST(r.`city` AS STRING) COLLATE UTF8_BINARY)
LEFT JOIN `privrisk_x_map6` m6 ON m6.val = (CAST(r.`zone` AS STRING) COLLATE UTF8_BINARY)
LEFT JOIN `privrisk_x_map7` m7 ON m7.val = (CAST(r.`job` AS STRING) COLLATE UTF8_BINARY)
