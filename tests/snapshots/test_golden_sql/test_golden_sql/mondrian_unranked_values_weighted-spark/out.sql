SELECT SUM(CASE WHEN c4 IS NULL THEN n ELSE 0 END) AS uncoded4
FROM `privrisk_x_tuples`
