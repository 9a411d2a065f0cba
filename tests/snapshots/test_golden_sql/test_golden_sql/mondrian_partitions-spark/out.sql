CREATE TABLE `privrisk_x_parts` AS
SELECT w.pid, COUNT(*) AS n
     , MIN(w.c0) AS lo0, MAX(w.c0) AS hi0
     , MIN(r.`age`) AS vlo0, MAX(r.`age`) AS vhi0
     , MIN(w.c1) AS lo1, MAX(w.c1) AS hi1
     , MIN(CASE WHEN r.`income` = CAST('NaN' AS DOUBLE) THEN NULL ELSE r.`income` END) AS vlo1, MAX(CASE WHEN r.`income` = CAST('NaN' AS DOUBLE) THEN NULL ELSE r.`income` END) AS vhi1
     , MIN(w.c2) AS lo2, MAX(w.c2) AS hi2
     , MIN(r.`visit`) AS vlo2, MAX(r.`visit`) AS vhi2
     , MIN(w.c3) AS lo3, MAX(w.c3) AS hi3
     , MIN(w.c4) AS lo4, MAX(w.c4) AS hi4
     , ROW_NUMBER() OVER (ORDER BY MIN(w.c0), MIN(w.c1), MIN(w.c2), MIN(w.c3), MIN(w.c4), MAX(w.c0), MAX(w.c1), MAX(w.c2), MAX(w.c3), MAX(w.c4), w.pid) AS partition_id
FROM `privrisk_x_done` w JOIN `privrisk_x_rows` r ON r.`privrisk_rid` = w.rid
GROUP BY w.pid
