CREATE TABLE `privrisk_x_globals` AS
SELECT COUNT(*) AS n
     , COALESCE(MAX(c0) - MIN(c0), 0) AS range0
     , CASE WHEN MAX(c0) > MIN(c0) THEN MAX(c0) - MIN(c0) ELSE 1 END AS scale0
     , COALESCE(MIN(c0) - CASE WHEN MAX(c0) > MIN(c0) THEN MAX(c0) - MIN(c0) ELSE 1 END, 0) AS null_code0
     , COALESCE(MAX(c1) - MIN(c1), 0) AS range1
     , CASE WHEN MAX(c1) > MIN(c1) THEN MAX(c1) - MIN(c1) ELSE 1 END AS scale1
     , COALESCE(MIN(c1) - CASE WHEN MAX(c1) > MIN(c1) THEN MAX(c1) - MIN(c1) ELSE 1 END, 0) AS null_code1
     , COALESCE(MAX(c2) - MIN(c2), 0) AS range2
     , CASE WHEN MAX(c2) > MIN(c2) THEN MAX(c2) - MIN(c2) ELSE 1 END AS scale2
     , COALESCE(MIN(c2) - CASE WHEN MAX(c2) > MIN(c2) THEN MAX(c2) - MIN(c2) ELSE 1 END, 0) AS null_code2
     , COALESCE(MAX(c3) - MIN(c3), 0) AS range3
     , CASE WHEN MAX(c3) > MIN(c3) THEN MAX(c3) - MIN(c3) ELSE 1 END AS scale3
     , COALESCE(MIN(c3) - CASE WHEN MAX(c3) > MIN(c3) THEN MAX(c3) - MIN(c3) ELSE 1 END, 0) AS null_code3
     , COALESCE(MAX(c4) - MIN(c4), 0) AS range4
     , CASE WHEN MAX(c4) > MIN(c4) THEN MAX(c4) - MIN(c4) ELSE 1 END AS scale4
     , COALESCE(MIN(c4) - CASE WHEN MAX(c4) > MIN(c4) THEN MAX(c4) - MIN(c4) ELSE 1 END, 0) AS null_code4
FROM `privrisk_x_w0`
