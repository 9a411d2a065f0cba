INSERT INTO `privrisk_x_cuts0` (pid, dim, s, n)
WITH cum AS (
    SELECT f.pid, f.dim, f.v, f.c, SUM(f.c) OVER (PARTITION BY f.pid, f.dim ORDER BY f.v) AS cl, r.n, r.rnk
    FROM `privrisk_x_freq0` f JOIN `privrisk_x_ranked0` r ON r.pid = f.pid AND r.dim = f.dim
    WHERE r.rnk = 2 AND (r.pid IS NULL OR r.pid NOT IN (SELECT pid FROM `privrisk_x_cuts0` WHERE pid IS NOT NULL))
), med_hierarchy AS (
    SELECT pid, dim, CAST(NULL AS DOUBLE) AS s, MIN(c) AS nl, MAX(n) AS n, MAX(rnk) AS rnk
    FROM cum WHERE dim IN (7)
    GROUP BY pid, dim
), med_ordered AS (
    SELECT pid, dim, MIN(CASE WHEN 2 * cl >= n - 1 THEN v END) AS s, MIN(CASE WHEN 2 * cl >= n - 1 THEN cl END) AS nl, MAX(n) AS n, MAX(rnk) AS rnk
    FROM cum
    WHERE dim IN (0, 1, 2, 4, 6)
    GROUP BY pid, dim
), boundaries AS (
    SELECT pid, dim, MAX(n) AS n, MAX(rnk) AS rnk,
           MAX(CASE WHEN 2 * cl <= n THEN v END) AS s_below, MAX(CASE WHEN 2 * cl <= n THEN cl END) AS nl_below,
           MIN(CASE WHEN 2 * cl > n AND cl < n THEN v END) AS s_above, MIN(CASE WHEN 2 * cl > n AND cl < n THEN cl END) AS nl_above
    FROM cum
    WHERE dim IN (3, 5, 8)
    GROUP BY pid, dim
), med_categorical AS (
    SELECT pid, dim,
           CASE WHEN nl_above IS NULL OR n - 2 * nl_below <= 2 * nl_above - n THEN s_below ELSE s_above END AS s,
           CASE WHEN nl_above IS NULL OR n - 2 * nl_below <= 2 * nl_above - n THEN nl_below ELSE nl_above END AS nl,
           n, rnk
    FROM boundaries
    WHERE nl_below IS NOT NULL OR nl_above IS NOT NULL
), med AS (
    SELECT pid, dim, s, nl, n, rnk FROM med_ordered
    UNION ALL
    SELECT pid, dim, s, nl, n, rnk FROM med_categorical
    UNION ALL
    SELECT pid, dim, s, nl, n, rnk FROM med_hierarchy
), allowed AS (
    SELECT med.pid, med.dim, med.s, med.n, med.rnk FROM med
    WHERE med.nl >= 5 AND (med.n - med.nl >= 5 OR med.dim IN (7))
)
SELECT pid, dim, s, n FROM allowed
