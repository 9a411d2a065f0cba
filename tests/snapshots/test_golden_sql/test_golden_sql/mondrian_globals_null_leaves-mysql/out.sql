CREATE TEMPORARY TABLE `privrisk_x_globals` AS
SELECT COUNT(*) AS n
     , COUNT(DISTINCT c0) + MAX(CASE WHEN c0 IS NULL THEN 1 ELSE 0 END) AS values0
     , COALESCE(MAX(c0) - MIN(c0), 0) AS range0
     , CASE WHEN MAX(c0) > MIN(c0) THEN MAX(c0) - MIN(c0) ELSE 1 END AS scale0
     , CAST(0 AS DOUBLE) AS null_code0
     , COUNT(DISTINCT c1) + MAX(CASE WHEN c1 IS NULL THEN 1 ELSE 0 END) AS values1
     , COALESCE(MAX(c1) - MIN(c1), 0) AS range1
     , CASE WHEN MAX(c1) > MIN(c1) THEN MAX(c1) - MIN(c1) ELSE 1 END AS scale1
     , CAST(0 AS DOUBLE) AS null_code1
FROM `privrisk_x_tuples`
