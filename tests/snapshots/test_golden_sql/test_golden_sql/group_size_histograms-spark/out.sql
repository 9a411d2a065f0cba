SELECT CASE grouping_set WHEN 7 THEN 1 WHEN 3 THEN 3 WHEN 8 THEN 6 END AS combo,
  group_size, COUNT(*) AS n_groups
FROM (
  SELECT GROUPING_ID(`c0`, `c1`, `c2`, `c3`) AS grouping_set, COUNT(*) AS group_size
  FROM `privrisk_x_coded`
  WHERE side = 0
  GROUP BY `c0`, `c1`, `c2`, `c3` GROUPING SETS ((`c0`), (`c0`, `c1`), (`c1`, `c2`, `c3`))
) groups
GROUP BY grouping_set, group_size
