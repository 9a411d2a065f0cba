CREATE TEMP TABLE "privrisk_x_sets" AS
SELECT x.pid, 3 AS dim, STRING_AGG(CASE WHEN x.c = 1 THEN 'true' WHEN x.c = 0 THEN 'false' ELSE 'null' END, ',' ORDER BY x.c) AS vals
FROM (SELECT DISTINCT pid, c3 AS c FROM "privrisk_x_done") x
GROUP BY x.pid
UNION ALL
SELECT x.pid, 5 AS dim, STRING_AGG(COALESCE('"' || v.json_text || '"', 'null'), ',' ORDER BY x.c) AS vals
FROM (SELECT DISTINCT pid, c5 AS c FROM "privrisk_x_done") x
LEFT JOIN "privrisk_x_map5" v ON v.code = x.c
GROUP BY x.pid
