CREATE TABLE `privrisk_x_ranked0` AS
WITH sizes AS (
    SELECT pid, SUM(c) AS n FROM `privrisk_x_freq0` WHERE dim = 0 GROUP BY pid HAVING SUM(c) >= 10
), boxes AS (
    SELECT f.pid, f.dim, MIN(f.v) AS lo, MAX(f.v) AS hi, COUNT(*) AS nd, MIN_BY(f.c, f.v) AS c_lo, MAX_BY(f.c, f.v) AS c_hi
    FROM `privrisk_x_freq0` f JOIN sizes z ON z.pid = f.pid
    GROUP BY f.pid, f.dim
)
SELECT b.pid, b.dim, z.n, b.nd, ROW_NUMBER() OVER (
           PARTITION BY b.pid
           ORDER BY (b.hi - b.lo) / CASE b.dim WHEN 0 THEN g.scale0 WHEN 1 THEN g.scale1 WHEN 2 THEN g.scale2 WHEN 3 THEN g.scale3 WHEN 4 THEN g.scale4 END DESC, b.nd DESC, b.dim
       ) AS rnk
FROM boxes b JOIN sizes z ON z.pid = b.pid CROSS JOIN `privrisk_x_globals` g
WHERE b.hi > b.lo
  AND CASE WHEN 2 * b.c_lo >= z.n - 1 THEN z.n - b.c_lo >= 5
           WHEN 2 * (z.n - b.c_hi) < z.n - 1 THEN 1 = 0
           WHEN b.nd = 3 THEN b.c_hi >= 5
           ELSE 1 = 1 END
