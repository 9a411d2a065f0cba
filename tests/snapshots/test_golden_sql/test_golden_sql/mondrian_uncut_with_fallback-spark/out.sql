SELECT COUNT(CASE WHEN r.rnk = 2 THEN 1 END) AS uncut, COALESCE(SUM(r.nd), 0) AS candidate_rows FROM `privrisk_x_ranked0` r
WHERE r.rnk >= 2 AND NOT EXISTS (SELECT 1 FROM `privrisk_x_cuts0` x WHERE x.pid = r.pid)
