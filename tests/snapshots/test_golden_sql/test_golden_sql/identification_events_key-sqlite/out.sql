SELECT e.first_match, e.syn_rid,
  s.key_value AS syn_key, o.key_value AS ori_key,
s."c0", s."c1"
FROM (
  SELECT syn_rid, first_match
  FROM (
    SELECT syn_rid, first_match,
      MIN(first_match) OVER (
        PARTITION BY syn_rid ORDER BY combo_size ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING
      ) AS first_smaller
    FROM (
      SELECT syn_rid, combo_size, MIN(first_match) AS first_match
      FROM "privrisk_x_matches"
      GROUP BY syn_rid, combo_size
    ) firsts
  ) ranked
  WHERE first_smaller IS NULL OR first_match < first_smaller
) e
JOIN "privrisk_x_syn" s ON s.rid = e.syn_rid
JOIN "privrisk_x_ori" o ON o.rid = e.first_match % 1000
ORDER BY e.first_match - e.first_match % 1000, e.syn_rid
