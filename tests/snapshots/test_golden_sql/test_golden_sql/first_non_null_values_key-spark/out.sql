SELECT v
FROM (
  SELECT ROW_NUMBER() OVER (ORDER BY `row_id`) AS rn, `visit` AS v
  FROM "people"
) numbered
WHERE v IS NOT NULL
ORDER BY rn
LIMIT 100
