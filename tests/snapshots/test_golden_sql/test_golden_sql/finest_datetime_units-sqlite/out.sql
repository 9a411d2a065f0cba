SELECT
  MAX(CASE
    WHEN "visit" <> STRFTIME('%Y-%m-%d %H:%M:%S', "visit") THEN 5
    WHEN "visit" <> STRFTIME('%Y-%m-%d %H:%M:00', "visit") THEN 3
    WHEN "visit" <> STRFTIME('%Y-%m-%d %H:00:00', "visit") THEN 2
    WHEN "visit" <> STRFTIME('%Y-%m-%d 00:00:00', "visit") THEN 1
    ELSE 0
  END) AS "unit_0",
  MAX(CASE
    WHEN "we""ird; DROP TABLE x;--" <> STRFTIME('%Y-%m-%d %H:%M:%S', "we""ird; DROP TABLE x;--") THEN 5
    WHEN "we""ird; DROP TABLE x;--" <> STRFTIME('%Y-%m-%d %H:%M:00', "we""ird; DROP TABLE x;--") THEN 3
    WHEN "we""ird; DROP TABLE x;--" <> STRFTIME('%Y-%m-%d %H:00:00', "we""ird; DROP TABLE x;--") THEN 2
    WHEN "we""ird; DROP TABLE x;--" <> STRFTIME('%Y-%m-%d 00:00:00', "we""ird; DROP TABLE x;--") THEN 1
    ELSE 0
  END) AS "unit_1"
FROM "people"
