CREATE TABLE `privrisk_x_ranked0` AS
WITH sizes AS (
    SELECT pid, SUM(c) AS n FROM `privrisk_x_freq0` WHERE dim = 0 GROUP BY pid HAVING SUM(c) >= 10
), boxes AS (
    SELECT f.pid, f.dim, MIN(f.v) AS lo, MAX(f.v) AS hi, COUNT(*) AS nd
    FROM `privrisk_x_freq0` f JOIN sizes z ON z.pid = f.pid
    GROUP BY f.pid, f.dim
)
SELECT b.pid, b.dim, z.n, b.nd, ROW_NUMBER() OVER (
           PARTITION BY b.pid
           ORDER BY (b.hi - b.lo) / CASE b.dim WHEN 0 THEN g.scale0 WHEN 1 THEN g.scale1 WHEN 2 THEN g.scale2 WHEN 3 THEN g.scale3 WHEN 4 THEN g.scale4 END DESC, b.nd DESC, b.dim
       ) AS rnk
FROM boxes b JOIN sizes z ON z.pid = b.pid CROSS JOIN `privrisk_x_globals` g
WHERE b.hi > b.lo
