SELECT 1 AS combo, group_size, COUNT(*) AS n_groups
FROM (
  SELECT COUNT(*) AS group_size
  FROM "privrisk_x_coded"
  WHERE side = 0
  GROUP BY "c0"
) groups_0
GROUP BY group_size
UNION ALL
SELECT 3 AS combo, group_size, COUNT(*) AS n_groups
FROM (
  SELECT COUNT(*) AS group_size
  FROM "privrisk_x_coded"
  WHERE side = 0
  GROUP BY "c0", "c1"
) groups_1
GROUP BY group_size
UNION ALL
SELECT 6 AS combo, group_size, COUNT(*) AS n_groups
FROM (
  SELECT COUNT(*) AS group_size
  FROM "privrisk_x_coded"
  WHERE side = 0
  GROUP BY "c1" * 24 + "c2" * 3 + "c3"
) groups_2
GROUP BY group_size
