CREATE TABLE `privrisk_x_matches` AS
SELECT
  CAST(0 AS BIGINT) AS syn_rid,
  CAST(0 AS INT) AS combo_size,
  CAST(0 AS BIGINT) AS first_match
WHERE 1 = 0
