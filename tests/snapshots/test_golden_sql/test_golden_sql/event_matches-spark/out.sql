CREATE TABLE `privrisk_x_events` AS
SELECT syn_rid, first_match
FROM (
  SELECT syn_rid, first_match,
    MIN(first_match) OVER (
      PARTITION BY syn_rid ORDER BY combo_size ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING
    ) AS first_smaller
  FROM (
    SELECT syn_rid, combo_size, MIN(first_match) AS first_match
    FROM `privrisk_x_matches`
    GROUP BY syn_rid, combo_size
  ) firsts
) ranked
WHERE first_smaller IS NULL OR first_match < first_smaller
