INSERT INTO `privrisk_x_cuts0` (pid, dim, s, n)
WITH cum AS (
    SELECT f.pid, f.dim, f.v, SUM(f.c) OVER (PARTITION BY f.pid, f.dim ORDER BY f.v) AS cl, r.n, r.rnk
    FROM `privrisk_x_freq0` f JOIN `privrisk_x_ranked0` r ON r.pid = f.pid AND r.dim = f.dim
    WHERE r.rnk = 2 AND NOT EXISTS (SELECT 1 FROM `privrisk_x_cuts0` x WHERE x.pid = r.pid)
), med AS (
    SELECT pid, dim, MIN(CASE WHEN 2 * cl >= n - 1 THEN v END) AS s, MIN(CASE WHEN 2 * cl >= n - 1 THEN cl END) AS nl, MAX(n) AS n, MAX(rnk) AS rnk
    FROM cum
    GROUP BY pid, dim
)
SELECT pid, dim, s, n FROM med WHERE nl >= 5 AND n - nl >= 5
