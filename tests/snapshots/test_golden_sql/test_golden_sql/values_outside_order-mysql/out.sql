SELECT COUNT(*) AS n, MIN(`band`) AS value
FROM "people"
WHERE `band` IS NOT NULL
  AND (CONVERT(`band` USING utf8mb4) COLLATE utf8mb4_nopad_bin) NOT IN ((CONVERT('low' USING utf8mb4) COLLATE utf8mb4_nopad_bin), (CONVERT('it''s' USING utf8mb4) COLLATE utf8mb4_nopad_bin), (CONVERT('hi\\gh' USING utf8mb4) COLLATE utf8mb4_nopad_bin))
