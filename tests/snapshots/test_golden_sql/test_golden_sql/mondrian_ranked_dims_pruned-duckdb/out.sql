CREATE TEMP TABLE "privrisk_x_ranked0" AS
WITH sizes AS (
    SELECT pid, SUM(c) AS n FROM "privrisk_x_freq0" WHERE dim = 0 GROUP BY pid HAVING SUM(c) >= 10
), boxes AS (
    SELECT f.pid, f.dim, MIN(f.v) AS lo, MAX(f.v) AS hi, COUNT(*) AS nd, MAX(f.share) AS share, ARG_MIN(f.c, f.v) AS c_lo, ARG_MAX(f.c, f.v) AS c_hi
    FROM "privrisk_x_freq0" f JOIN sizes z ON z.pid = f.pid
    GROUP BY f.pid, f.dim
)
SELECT b.pid, b.dim, z.n, b.nd, ROW_NUMBER() OVER (
           PARTITION BY b.pid
           ORDER BY CASE b.dim WHEN 0 THEN (b.hi - b.lo) / g.scale0 WHEN 1 THEN (b.hi - b.lo) / g.scale1 WHEN 2 THEN (b.hi - b.lo) / g.scale2 WHEN 3 THEN (b.nd - 1) / g.scale3 WHEN 4 THEN (b.hi - b.lo) / g.scale4 WHEN 5 THEN (b.nd - 1) / g.scale5 WHEN 6 THEN (b.hi - b.lo) / g.scale6 WHEN 7 THEN b.share WHEN 8 THEN (b.hi - b.lo) / g.scale8 END DESC, b.nd DESC, b.dim
       ) AS rnk
FROM boxes b JOIN sizes z ON z.pid = b.pid CROSS JOIN "privrisk_x_globals" g
WHERE CASE WHEN b.dim IN (7) THEN b.share > 0 ELSE b.hi > b.lo END  AND CASE WHEN b.dim IN (7) THEN 1 = 1
WHEN b.dim IN (3, 5, 8) THEN b.nd > 2 OR (b.c_lo >= 5 AND b.c_hi >= 5)
WHEN 2 * b.c_lo >= z.n - 1 THEN z.n - b.c_lo >= 5
           WHEN 2 * (z.n - b.c_hi) < z.n - 1 THEN 1 = 0
           WHEN b.nd = 3 THEN b.c_hi >= 5
           ELSE 1 = 1 END
