SELECT combo, COUNT(*) AS n_unique
FROM "privrisk_x_matches"
GROUP BY combo
ORDER BY combo
