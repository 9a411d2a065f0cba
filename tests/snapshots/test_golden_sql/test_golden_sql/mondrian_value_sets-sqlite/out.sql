CREATE TEMP TABLE "privrisk_x_sets" AS
SELECT pid, dim, MAX(vals) AS vals FROM (
    SELECT x.pid, 3 AS dim, GROUP_CONCAT(CASE WHEN x.c = 1 THEN 'true' WHEN x.c = 0 THEN 'false' ELSE 'null' END, ',') OVER (
               PARTITION BY x.pid ORDER BY x.c ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS vals
    FROM (SELECT DISTINCT pid, c3 AS c FROM "privrisk_x_done") x
) y GROUP BY pid, dim
UNION ALL
SELECT pid, dim, MAX(vals) AS vals FROM (
    SELECT x.pid, 5 AS dim, GROUP_CONCAT(COALESCE('"' || v.json_text || '"', 'null'), ',') OVER (
               PARTITION BY x.pid ORDER BY x.c ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS vals
    FROM (SELECT DISTINCT pid, c5 AS c FROM "privrisk_x_done") x
    LEFT JOIN "privrisk_x_map5" v ON v.code = x.c
) y GROUP BY pid, dim
