SELECT e.combo, e.syn_rid, e.ori_rid,
s."c0", s."c1"
FROM (
  SELECT combo, combo_size, syn_rid, ori_rid,
    MIN(combo_size) OVER (
      PARTITION BY syn_rid ORDER BY combo ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING
    ) AS best_before
  FROM "privrisk_x_matches"
  WHERE n_ori = 1
) e
JOIN "privrisk_x_syn" s ON s.rid = e.syn_rid
WHERE e.best_before IS NULL OR e.combo_size < e.best_before
ORDER BY e.combo, e.syn_rid
