CREATE TABLE `privrisk_x_w0` AS
SELECT r.`privrisk_rid` AS rid, CAST(0 AS BIGINT) AS pid
     , CAST((CASE WHEN r.`amount` = CAST('NaN' AS DOUBLE) THEN NULL ELSE r.`amount` END - 12345678901234567.5) AS DOUBLE) AS c0
FROM `privrisk_x_rows` r
