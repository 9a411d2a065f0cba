CREATE TEMP TABLE "privrisk_x_parts" AS
SELECT w.pid, COUNT(*) AS n
     , MIN(w.c0) AS lo0, MAX(w.c0) AS hi0
     , MIN(r."age") AS vlo0, MAX(r."age") AS vhi0
     , MIN(w.c1) AS lo1, MAX(w.c1) AS hi1
     , MIN(CASE WHEN r."income" = 0 THEN ABS(r."income") ELSE r."income" END) AS vlo1, MAX(CASE WHEN r."income" = 0 THEN ABS(r."income") ELSE r."income" END) AS vhi1
     , MIN(w.c2) AS lo2, MAX(w.c2) AS hi2
     , MIN(r."visit") AS vlo2, MAX(r."visit") AS vhi2
     , MIN(w.c3) AS lo3, MAX(w.c3) AS hi3
     , COUNT(DISTINCT w.c3) AS nd3
     , MIN(w.c4) AS lo4, MAX(w.c4) AS hi4
     , MIN(w.c5) AS lo5, MAX(w.c5) AS hi5
     , COUNT(DISTINCT w.c5) AS nd5
     , MIN(w.c6) AS lo6, MAX(w.c6) AS hi6
     , MIN(CASE WHEN w.c6 > g.null_code6 THEN w.c6 END) AS lv6
     , MIN(w.c7) AS lo7, MAX(w.c7) AS hi7
     , MIN(w.c8) AS lo8, MAX(w.c8) AS hi8
     , MIN(r."flag") AS vlo8, MAX(r."flag") AS vhi8
     , ROW_NUMBER() OVER (ORDER BY MIN(w.c0), MIN(w.c1), MIN(w.c2), MIN(w.c3), MIN(w.c4), MIN(w.c5), MIN(w.c6), MIN(w.c7), MIN(w.c8), MAX(w.c0), MAX(w.c1), MAX(w.c2), MAX(w.c3), MAX(w.c4), MAX(w.c5), MAX(w.c6), MAX(w.c7), MAX(w.c8), w.pid) AS partition_id
FROM "privrisk_x_done" w JOIN "privrisk_x_rows" r ON r."privrisk_rid" = w.rid
CROSS JOIN "privrisk_x_globals" g
GROUP BY w.pid
