SELECT COUNT(*) AS n, MIN("band") AS value
FROM "people"
WHERE "band" IS NOT NULL
  AND ("band" COLLATE BINARY) NOT IN (('low' COLLATE BINARY), ('it''s' COLLATE BINARY), ('hi\gh' COLLATE BINARY))
