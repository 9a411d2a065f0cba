SELECT m.combo, m.syn_rid, m.ori_rid,
  s.key_value AS syn_key, o.key_value AS ori_key,
s."c0", s."c1"
FROM (
  SELECT syn_rid, first_combo
  FROM (
    SELECT syn_rid, combo_size, first_combo,
      MIN(first_combo) OVER (
        PARTITION BY syn_rid ORDER BY combo_size ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING
      ) AS first_smaller
    FROM (
      SELECT syn_rid, combo_size, MIN(combo) AS first_combo
      FROM "privrisk_x_matches"
      GROUP BY syn_rid, combo_size
    ) firsts
  ) ranked
  WHERE first_smaller IS NULL OR first_combo < first_smaller
) e
JOIN "privrisk_x_matches" m ON m.combo = e.first_combo AND m.syn_rid = e.syn_rid
JOIN "privrisk_x_syn" s ON s.rid = e.syn_rid
JOIN "privrisk_x_ori" o ON o.rid = m.ori_rid
ORDER BY m.combo, m.syn_rid
