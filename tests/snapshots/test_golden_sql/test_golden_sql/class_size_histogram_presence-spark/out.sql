SELECT class_size, has_null_qid, COUNT(*) AS n_classes
, MAX(present_0) AS present_0, MAX(present_1) AS present_1
FROM (
  SELECT COUNT(*) AS class_size,
    CASE WHEN `privrisk_c0` IS NULL OR `privrisk_c1` IS NULL THEN 1 ELSE 0 END AS has_null_qid
    , CASE WHEN `privrisk_c0` IS NULL THEN 0 ELSE 1 END AS present_0
    , CASE WHEN `privrisk_c1` IS NULL THEN 0 ELSE 1 END AS present_1
  FROM (SELECT `zip` AS `privrisk_c0`, `we"ird; DROP TABLE x;--` AS `privrisk_c1` FROM "people") privrisk_named
  GROUP BY `privrisk_c0`, `privrisk_c1`
) classes
GROUP BY class_size, has_null_qid
