SELECT class_size, has_null_qid, COUNT(*) AS n_classes
FROM (
  SELECT COUNT(*) AS class_size,
    CASE WHEN `privrisk_c0` IS NULL OR `privrisk_c1` IS NULL THEN 1 ELSE 0 END AS has_null_qid
  FROM (SELECT `zip` AS `privrisk_c0`, `we"ird; DROP TABLE x;--` AS `privrisk_c1` FROM "people") privrisk_named
  GROUP BY `privrisk_c0`, `privrisk_c1`
) classes
GROUP BY class_size, has_null_qid
