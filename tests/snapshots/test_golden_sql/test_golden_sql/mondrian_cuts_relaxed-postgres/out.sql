CREATE TEMP TABLE "privrisk_x_cuts0" AS
WITH sizes AS (
    SELECT pid, SUM(c) AS n FROM "privrisk_x_freq0" WHERE dim = 0 GROUP BY pid HAVING SUM(c) >= 10
), boxes AS (
    SELECT f.pid, f.dim, MIN(f.v) AS lo, MAX(f.v) AS hi, COUNT(*) AS nd
    FROM "privrisk_x_freq0" f JOIN sizes z ON z.pid = f.pid
    GROUP BY f.pid, f.dim
), ranked AS (
    SELECT b.pid, b.dim, ROW_NUMBER() OVER (
               PARTITION BY b.pid
               ORDER BY (b.hi - b.lo) / CASE b.dim WHEN 0 THEN g.scale0 WHEN 1 THEN g.scale1 WHEN 2 THEN g.scale2 WHEN 3 THEN g.scale3 WHEN 4 THEN g.scale4 END DESC, b.nd DESC, b.dim
           ) AS rnk
    FROM boxes b CROSS JOIN "privrisk_x_globals" g
    WHERE b.hi > b.lo
)
SELECT r.pid, r.dim, CAST(NULL AS DOUBLE PRECISION) AS s, z.n, ROW_NUMBER() OVER (ORDER BY r.pid) AS seq
FROM ranked r JOIN sizes z ON z.pid = r.pid
WHERE r.rnk = 1
