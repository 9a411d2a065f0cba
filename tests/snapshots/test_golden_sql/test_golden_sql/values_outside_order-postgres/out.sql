SELECT COUNT(*) AS n, MIN("band") AS value
FROM "people"
WHERE "band" IS NOT NULL
  AND (CAST("band" AS TEXT) COLLATE "C") NOT IN ((CAST('low' AS TEXT) COLLATE "C"), (CAST('it''s' AS TEXT) COLLATE "C"), (CAST(E'hi\\gh' AS TEXT) COLLATE "C"))
