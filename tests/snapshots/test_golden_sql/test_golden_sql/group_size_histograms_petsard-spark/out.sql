SELECT 2 AS combo, group_size, COUNT(*) AS n_groups
FROM (
  SELECT COUNT(*) AS group_size
  FROM `privrisk_x_coded`
  WHERE side = 0
  GROUP BY `c1`, CASE WHEN `c1` = 0 THEN rid END
) groups_0
GROUP BY group_size
UNION ALL
SELECT 5 AS combo, group_size, COUNT(*) AS n_groups
FROM (
  SELECT COUNT(*) AS group_size
  FROM `privrisk_x_coded`
  WHERE side = 0
  GROUP BY `c1` * 8 + `c2`, CASE WHEN `c1` = 0 THEN rid END
) groups_1
GROUP BY group_size
