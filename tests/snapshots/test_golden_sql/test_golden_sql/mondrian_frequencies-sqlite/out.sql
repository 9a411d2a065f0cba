CREATE TEMP TABLE "privrisk_x_freq0" AS
SELECT pid, 0 AS dim, c0 AS v, COUNT(*) AS c, CAST(NULL AS DOUBLE PRECISION) AS share FROM "privrisk_x_w" GROUP BY pid, c0
UNION ALL
SELECT pid, 1 AS dim, c1 AS v, COUNT(*) AS c, CAST(NULL AS DOUBLE PRECISION) AS share FROM "privrisk_x_w" GROUP BY pid, c1
UNION ALL
SELECT pid, 2 AS dim, c2 AS v, COUNT(*) AS c, CAST(NULL AS DOUBLE PRECISION) AS share FROM "privrisk_x_w" GROUP BY pid, c2
UNION ALL
SELECT pid, 3 AS dim, c3 AS v, COUNT(*) AS c, CAST(NULL AS DOUBLE PRECISION) AS share FROM "privrisk_x_w" GROUP BY pid, c3
UNION ALL
SELECT pid, 4 AS dim, c4 AS v, COUNT(*) AS c, CAST(NULL AS DOUBLE PRECISION) AS share FROM "privrisk_x_w" GROUP BY pid, c4
UNION ALL
SELECT pid, 5 AS dim, c5 AS v, COUNT(*) AS c, CAST(NULL AS DOUBLE PRECISION) AS share FROM "privrisk_x_w" GROUP BY pid, c5
UNION ALL
SELECT pid, 6 AS dim, c6 AS v, COUNT(*) AS c, CAST(NULL AS DOUBLE PRECISION) AS share FROM "privrisk_x_w" GROUP BY pid, c6
UNION ALL
SELECT w.pid, 7 AS dim, CAST(COALESCE(a.child_no, -1) AS DOUBLE PRECISION) AS v, COUNT(*) AS c, COALESCE(MAX(a.parent_share), 0) AS share
FROM "privrisk_x_w" w LEFT JOIN "privrisk_x_nodes7" a ON a.code = w.c7 AND a.depth = w.h7 + 1
GROUP BY w.pid, COALESCE(a.child_no, -1)
UNION ALL
SELECT pid, 8 AS dim, c8 AS v, COUNT(*) AS c, CAST(NULL AS DOUBLE PRECISION) AS share FROM "privrisk_x_w" GROUP BY pid, c8
