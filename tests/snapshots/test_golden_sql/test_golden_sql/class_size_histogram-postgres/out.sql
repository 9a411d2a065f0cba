SELECT class_size, has_null_qid, COUNT(*) AS n_classes
FROM (
  SELECT COUNT(*) AS class_size,
    CASE WHEN "zip" IS NULL OR "we""ird; DROP TABLE x;--" IS NULL THEN 1 ELSE 0 END AS has_null_qid
  FROM "people"
  GROUP BY "zip", "we""ird; DROP TABLE x;--"
) classes
GROUP BY class_size, has_null_qid
