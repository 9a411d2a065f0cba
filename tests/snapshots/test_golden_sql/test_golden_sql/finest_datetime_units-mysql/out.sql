SELECT
  MAX(CASE
    WHEN `visit` <> (`visit` - INTERVAL MICROSECOND(`visit`) MICROSECOND) THEN 5
    WHEN `visit` <> (`visit` - INTERVAL SECOND(`visit`) SECOND - INTERVAL MICROSECOND(`visit`) MICROSECOND) THEN 3
    WHEN `visit` <> (`visit` - INTERVAL MINUTE(`visit`) MINUTE - INTERVAL SECOND(`visit`) SECOND - INTERVAL MICROSECOND(`visit`) MICROSECOND) THEN 2
    WHEN `visit` <> CAST(`visit` AS DATE) THEN 1
    ELSE 0
  END) AS `unit_0`,
  MAX(CASE
    WHEN `we"ird; DROP TABLE x;--` <> (`we"ird; DROP TABLE x;--` - INTERVAL MICROSECOND(`we"ird; DROP TABLE x;--`) MICROSECOND) THEN 5
    WHEN `we"ird; DROP TABLE x;--` <> (`we"ird; DROP TABLE x;--` - INTERVAL SECOND(`we"ird; DROP TABLE x;--`) SECOND - INTERVAL MICROSECOND(`we"ird; DROP TABLE x;--`) MICROSECOND) THEN 3
    WHEN `we"ird; DROP TABLE x;--` <> (`we"ird; DROP TABLE x;--` - INTERVAL MINUTE(`we"ird; DROP TABLE x;--`) MINUTE - INTERVAL SECOND(`we"ird; DROP TABLE x;--`) SECOND - INTERVAL MICROSECOND(`we"ird; DROP TABLE x;--`) MICROSECOND) THEN 2
    WHEN `we"ird; DROP TABLE x;--` <> CAST(`we"ird; DROP TABLE x;--` AS DATE) THEN 1
    ELSE 0
  END) AS `unit_1`
FROM "people"
