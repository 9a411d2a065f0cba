CREATE TABLE `privrisk_x_cuts0` AS
WITH cum AS (
    SELECT f.pid, f.dim, f.v, SUM(f.c) OVER (PARTITION BY f.pid, f.dim ORDER BY f.v) AS cl, r.n, r.rnk
    FROM `privrisk_x_freq0` f JOIN `privrisk_x_ranked0` r ON r.pid = f.pid AND r.dim = f.dim
    WHERE r.rnk = 1
), mid AS (
    SELECT pid, dim, (MIN(CASE WHEN 2 * cl >= n THEN v END) + MIN(CASE WHEN 2 * cl >= n + 1 THEN v END)) / 2 AS s, MAX(n) AS n, MAX(rnk) AS rnk
    FROM cum
    GROUP BY pid, dim
), med AS (
    SELECT m.pid, m.dim, m.s, m.n, m.rnk, MAX(c.cl) AS nl
    FROM mid m JOIN cum c ON c.pid = m.pid AND c.dim = m.dim AND c.v <= m.s
    GROUP BY m.pid, m.dim, m.s, m.n, m.rnk
)
SELECT pid, dim, s, n FROM med WHERE nl >= 5 AND n - nl >= 5
