CREATE TABLE `privrisk_x_shares` AS
SELECT 0 AS j, sa, p,
       CASE WHEN sa IS NULL THEN NULL ELSE CAST(SUM(c_present) OVER (ORDER BY sa ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS DOUBLE) / NULLIF(SUM(c_present) OVER (), 0) END AS f
FROM (
    SELECT s0 AS sa, CAST(SUM(n) AS DOUBLE) / (SELECT SUM(n) FROM `privrisk_x_tuples`) AS p,
           CASE WHEN s0 IS NULL THEN 0 ELSE SUM(n) END AS c_present
    FROM `privrisk_x_tuples` GROUP BY s0
) x
UNION ALL
SELECT 1 AS j, sa, p,
       CASE WHEN sa IS NULL THEN NULL ELSE CAST(SUM(c_present) OVER (ORDER BY sa ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS DOUBLE) / NULLIF(SUM(c_present) OVER (), 0) END AS f
FROM (
    SELECT s1 AS sa, CAST(SUM(n) AS DOUBLE) / (SELECT SUM(n) FROM `privrisk_x_tuples`) AS p,
           CASE WHEN s1 IS NULL THEN 0 ELSE SUM(n) END AS c_present
    FROM `privrisk_x_tuples` GROUP BY s1
) x
