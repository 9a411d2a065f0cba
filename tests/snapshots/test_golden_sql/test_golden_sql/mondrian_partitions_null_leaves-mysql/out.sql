CREATE TEMPORARY TABLE `privrisk_x_parts` AS
SELECT w.pid, SUM(w.n) AS n
     , MIN(w.c0) AS lo0, MAX(w.c0) AS hi0
     , MIN(w.c1) AS lo1, MAX(w.c1) AS hi1
     , MIN(r.vlo1) AS vlo1, MAX(r.vhi1) AS vhi1
     , ROW_NUMBER() OVER (ORDER BY MIN(w.c0), MIN(w.c1), MAX(w.c0), MAX(w.c1), w.pid) AS partition_id
FROM `privrisk_x_done` w JOIN `privrisk_x_tuples` r ON r.`rid` = w.rid
GROUP BY w.pid
