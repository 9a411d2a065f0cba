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
), cum AS (
    SELECT f.pid, f.dim, f.v, SUM(f.c) OVER (PARTITION BY f.pid, f.dim ORDER BY f.v) AS cl, z.n
    FROM "privrisk_x_freq0" f
    JOIN sizes z ON z.pid = f.pid
    JOIN ranked r ON r.pid = f.pid AND r.dim = f.dim
), mid AS (
    SELECT pid, dim, (MIN(CASE WHEN 2 * cl >= n THEN v END) + MIN(CASE WHEN 2 * cl >= n + 1 THEN v END)) / 2 AS s, MAX(n) AS n
    FROM cum
    GROUP BY pid, dim
), med AS (
    SELECT m.pid, m.dim, m.s, m.n, MAX(c.cl) AS nl
    FROM mid m JOIN cum c ON c.pid = m.pid AND c.dim = m.dim AND c.v <= m.s
    GROUP BY m.pid, m.dim, m.s, m.n
), chosen AS (
    SELECT m.pid, m.dim, m.s, m.n, ROW_NUMBER() OVER (PARTITION BY m.pid ORDER BY r.rnk) AS pick
    FROM med m JOIN ranked r ON r.pid = m.pid AND r.dim = m.dim
    WHERE m.nl >= 5 AND m.n - m.nl >= 5
)
SELECT pid, dim, s, n, ROW_NUMBER() OVER (ORDER BY pid) AS seq FROM chosen WHERE pick = 1
